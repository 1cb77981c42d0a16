import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled block of a screen with an optional "see all" link. */
export function Section({
  title,
  id,
  more,
  children,
}: {
  title: string;
  id?: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2 px-4">
        <h2 id={headingId} className="font-display text-lg font-bold tracking-wide uppercase">
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="text-sm font-semibold text-accent hover:underline">
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
