import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { Skeleton } from './skeleton.tsx';

/** Placeholders shaped like what is loading, one class list each, so nothing jumps when it arrives. */
export function SkeletonStack({
  shapes,
  className = 'flex flex-col gap-3 px-4',
}: {
  shapes: readonly string[];
  className?: string;
}) {
  return (
    <div className={className}>
      {shapes.map((shape, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders never reorders
        <Skeleton key={i} className={shape} />
      ))}
    </div>
  );
}

/**
 * The body of a screen showing one thing (an article, a video, a sweepstake): placeholders while
 * it loads, "not found" when the server has none (a stale link), else the thing itself.
 */
export function Loaded<T>({
  pending,
  item,
  shapes,
  notFound,
  children,
}: {
  pending: boolean;
  item: T | null | undefined;
  shapes: readonly string[];
  notFound: string;
  children: (item: T) => ReactNode;
}) {
  if (pending) return <SkeletonStack shapes={shapes} />;
  if (!item) {
    return (
      <div className="px-4">
        <EmptyState title={notFound} />
      </div>
    );
  }
  return children(item);
}
