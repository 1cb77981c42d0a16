import type { ReactNode } from 'react';

/** The title row of a screen: heading, optional back link and actions. */
export function PageHeader({
  title,
  back,
  actions,
}: {
  title: string;
  back?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex items-center gap-3 px-4 pt-4 pb-2">
      {back}
      <h1 className="flex-1 font-display text-2xl font-black uppercase tracking-wide">{title}</h1>
      {actions}
    </header>
  );
}
