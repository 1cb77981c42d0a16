import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The round back button of a sub-screen's header. */
export function BackLink({ to, label }: { to: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={label ?? t('actions.back')}
      className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-2 hover:bg-line"
    >
      <ArrowLeft className="size-5" aria-hidden />
    </Link>
  );
}
