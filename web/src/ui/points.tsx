import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

/** A points amount formatted for the current locale, e.g. "1,250 pts" / "1.250 pts". */
export function Points({ value, className = '' }: { value: number; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={`tabular-nums ${className}`}>
      {t('points', { ns: 'common', value: formatNumber(value, i18n.language) })}
    </span>
  );
}
