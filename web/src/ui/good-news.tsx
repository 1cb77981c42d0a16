import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A panel that tells the fan something good (a prize won, badges granted): accent border, a big
 * heading led by its icon, the details below. `live` announces it to screen readers as it appears.
 */
export function GoodNews({
  id,
  icon: Icon,
  title,
  className,
  live = false,
  testId,
  children,
}: {
  /** The heading's id, which labels the panel. */
  id: string;
  icon: LucideIcon;
  title: ReactNode;
  /** The border colour and background. */
  className: string;
  live?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`flex flex-col gap-3 rounded-2xl border p-4 ${className}`}
      aria-live={live ? 'polite' : undefined}
      aria-labelledby={id}
      data-testid={testId}
    >
      <h2 id={id} className="flex items-center gap-2 font-display text-2xl font-black">
        <Icon className="size-6 text-accent" aria-hidden />
        {title}
      </h2>
      {children}
    </section>
  );
}
