import type { User } from '@paddock/contracts/api/profile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formValuesFrom, type ProfileFormValues } from '../lib/profile-form.ts';
import { TextField } from './text-field.tsx';

type Field = keyof ProfileFormValues;

const INPUT: Record<Field, { type?: string; autoComplete: string; inputMode?: 'numeric' | 'tel' | 'text' }> =
  {
    firstName: { autoComplete: 'given-name' },
    lastName: { autoComplete: 'family-name' },
    username: { autoComplete: 'username' },
    birthday: { type: 'date', autoComplete: 'bday' },
    zipCode: { autoComplete: 'postal-code' },
    phoneNumber: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  };

/** The profile fields shared by onboarding (/welcome) and /profile/edit. */
export function ProfileFields({
  fields,
  values,
  errors,
  onChange,
  required = [],
}: {
  fields: readonly Field[];
  values: ProfileFormValues;
  errors: Partial<Record<Field, string>>;
  onChange: (field: Field, value: string) => void;
  required?: readonly Field[];
}) {
  const { t } = useTranslation();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="grid grid-cols-2 gap-4">
      {fields.map((field) => (
        <TextField
          key={field}
          className={field === 'firstName' || field === 'lastName' ? '' : 'col-span-2'}
          label={t(`fields.${field}`)}
          name={field}
          type={INPUT[field].type ?? 'text'}
          autoComplete={INPUT[field].autoComplete}
          inputMode={INPUT[field].inputMode}
          max={field === 'birthday' ? today : undefined}
          value={values[field]}
          required={required.includes(field)}
          error={errors[field]}
          hint={field === 'birthday' ? t('fields.birthdayHint') : undefined}
          onChange={(e) => onChange(field, e.target.value)}
        />
      ))}
    </div>
  );
}

/**
 * The state behind ProfileFields and the consents below them: the values (filled in once, when
 * the fan's record arrives), the errors per field and the consent answers.
 */
export function useProfileForm(me: User | null | undefined) {
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesFrom(me));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const loadedUserId = me?.userId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once, when the fan arrives
  useEffect(() => {
    if (me) setValues(formValuesFrom(me));
  }, [loadedUserId]);
  return { values, setValues, errors, setErrors, answers, setAnswers };
}
