import { useTranslation } from 'react-i18next';
import type { ProfileFormValues } from '../lib/profile-form.ts';
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
