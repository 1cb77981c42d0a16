import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';

export function BackLink({ to, label }: { to: string; label: string }) {
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
