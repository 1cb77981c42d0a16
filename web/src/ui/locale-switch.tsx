import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale, setLocale } from '../i18n/index.ts';

/** Switches the language; the choice is kept in a cookie for 365 days (product §9). */
export function LocaleSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={`flex items-center gap-2 ${compact ? '' : 'justify-between'}`}>
      <span className={compact ? 'sr-only' : 'font-medium'}>{t('locale.label')}</span>
      <select
        value={i18n.language}
        onChange={(e) => void setLocale(e.target.value as Locale)}
        className="min-h-10 rounded-lg border border-line bg-surface-2 px-2 text-sm font-semibold text-white"
        data-testid="locale-switch"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`locale.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
