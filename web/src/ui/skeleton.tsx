/** A placeholder with the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-xl bg-surface-2 ${className}`} />;
}
