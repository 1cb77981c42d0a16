import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

const GAPS = { 2: 'flex flex-col gap-2', 3: 'flex flex-col gap-3', 4: 'flex flex-col gap-4' } as const;

/** The pieces of a list screen. A column of cards, one list item each (challenges, videos, prize draws…). */
export function CardList<T>({
  items,
  itemKey,
  gap = 3,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  gap?: keyof typeof GAPS;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={GAPS[gap]}>
      {items.map((item) => (
        <li key={itemKey(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** A list or screen that failed to load, with a button that tries again. */
export function RetryState({
  title,
  retryLabel,
  onRetry,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
