import type { Consent } from '@paddock/contracts/api/consent';
import { useTranslation } from 'react-i18next';
import { LegalLinks } from './legal-links.tsx';

/** The organization's consents as switches; required ones are marked (product §3 Consent). */
export function ConsentToggles({
  consents,
  answers,
  onChange,
  showRequiredError = false,
}: {
  consents: Consent[];
  answers: Record<string, boolean>;
  onChange: (id: string, value: boolean) => void;
  showRequiredError?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-display text-lg font-bold uppercase">{t('consents.title')}</legend>
      <LegalLinks className="mb-1" />
      {consents.map((consent) => {
        const checked = answers[consent.id] ?? consent.enabled;
        const missing = showRequiredError && consent.required && !checked;
        return (
          <label
            key={consent.id}
            className={`flex cursor-pointer items-start gap-3 rounded-2xl border bg-surface p-3 ${
              missing ? 'border-red-400' : 'border-line'
            }`}
          >
            <input
              type="checkbox"
              checked={checked}
              onChange={(e) => onChange(consent.id, e.target.checked)}
              className="mt-1 size-5 shrink-0 accent-[var(--brand-primary)]"
              aria-describedby={`consent-${consent.id}`}
            />
            <span className="flex flex-col">
              <span className="font-semibold">
                {consent.name}
                {consent.required && <span className="text-accent"> *</span>}
              </span>
              <span id={`consent-${consent.id}`} className="text-sm text-muted">
                {consent.description}
                {missing && <span className="block text-red-300">{t('consents.required')}</span>}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
