import { type User, type UserUpdate, userUpdateSchema } from '@paddock/contracts/api/profile';

/** The editable profile fields of product §7 as the form holds them (strings, '' = empty). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  username: string;
  birthday: string;
  zipCode: string;
  phoneNumber: string;
}

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'username',
  'birthday',
  'zipCode',
  'phoneNumber',
] as const;

export function formValuesFrom(user: User | null | undefined): ProfileFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    username: user?.username ?? '',
    birthday: user?.birthday ?? '',
    zipCode: user?.zipCode ?? '',
    phoneNumber: user?.phoneNumber ?? '',
  };
}

/**
 * Builds the PATCH /api/user/me body with the same schema the server validates (contracts),
 * returning field errors instead. product §5: empty phoneNumber and birthday are sent as null.
 */
export function toUserUpdate(
  values: ProfileFormValues,
  fields: readonly (keyof ProfileFormValues)[] = PROFILE_FIELDS,
): { ok: true; data: UserUpdate } | { ok: false; errors: Partial<Record<keyof ProfileFormValues, string>> } {
  const raw: Record<string, string | null> = {};
  for (const field of fields) {
    const value = values[field].trim();
    raw[field] = value === '' ? null : value;
  }
  const result = userUpdateSchema.safeParse(raw);
  if (!result.success) {
    const errors: Partial<Record<keyof ProfileFormValues, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0] as keyof ProfileFormValues;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, data: result.data };
}
