import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-errors.ts';

/**
 * The operator console's building blocks (product §11.1): a dense desktop/tablet layout, unlike the
 * fan screens. Every domain's console screens (features/<domain>/console/) are built from
 * ui/console, so no feature needs another feature's pieces.
 */
export function ConsolePage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 font-display text-2xl font-black uppercase tracking-wide">{title}</h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

export function Panel({
  title,
  children,
  className = '',
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`rounded-2xl border border-line bg-surface p-4 ${className}`}>
      {title && <h2 className="mb-3 text-lg font-bold">{title}</h2>}
      {children}
    </div>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200"
    >
      {errorMessage(error, 'operator')}
    </p>
  );
}

export function Badge({
  children,
  tone = 'default',
}: {
  children: ReactNode;
  tone?: 'default' | 'warn' | 'ok';
}) {
  const tones = {
    default: 'bg-surface-2 text-white/80',
    warn: 'bg-red-900/60 text-red-100',
    ok: 'bg-emerald-900/60 text-emerald-100',
  };
  return (
    <span className={`inline-block rounded-md px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** The "Archived" tag beside an archived item's name. */
export function ArchivedBadge({ archived }: { archived: boolean }) {
  const { t } = useTranslation('console');
  return archived ? <Badge tone="warn">{t('common.archived')}</Badge> : null;
}
