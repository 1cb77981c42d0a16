import type { BoostEarning } from '@paddock/contracts/api/boosts';
import { useTranslation } from 'react-i18next';
import { Field, Select } from '../../../ui/console/fields.tsx';

const EARNINGS: BoostEarning[] = ['all', 'challenges', 'content', 'checkin'];

interface Binding<V extends string> {
  value: V;
  onChange: (e: { target: { value: string } }) => void;
}

/** What a boost multiplies: its name, the multiplier and the kind of earning (a boost, or a badge's boost). */
export function BoostFields({
  name,
  nameHint,
  multiplier,
  earning,
}: {
  name: Binding<string>;
  nameHint?: string;
  multiplier: Binding<string>;
  earning: Binding<BoostEarning>;
}) {
  const { t } = useTranslation('rewards-console');
  return (
    <>
      <Field label={t('boosts.name')} hint={nameHint} {...name} required />
      <Field
        label={t('boosts.multiplier')}
        type="number"
        min={1.01}
        max={10}
        step={0.01}
        {...multiplier}
        required
      />
      <Select
        label={t('boosts.earning')}
        {...earning}
        options={EARNINGS.map((value) => ({ value, label: t(`boosts.earnings.${value}`) }))}
      />
    </>
  );
}
