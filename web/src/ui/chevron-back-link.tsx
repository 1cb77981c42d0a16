import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The round ‹ back button of a screen reached from a list (a challenge, a sweepstake, a video…). */
export function ChevronBackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="grid size-11 shrink-0 place-items-center rounded-full bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <ChevronLeft className="size-6" aria-hidden />
    </Link>
  );
}
