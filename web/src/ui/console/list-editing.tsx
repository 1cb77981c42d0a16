import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';

/** Editing the ordered lists inside console forms (options, chapters, badges, brackets). */
export const replaceAt = <T,>(list: readonly T[], index: number, patch: Partial<T>): T[] =>
  list.map((item, i) => (i === index ? { ...item, ...patch } : item));

export const removeAt = <T,>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** Moves one item `by` places (negative: up), stopping at either end. */
export function moveItem<T>(list: readonly T[], index: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item);
  return next;
}

const small = 'min-h-8 px-2';

/** The ↑ / ↓ / Remove buttons of one item in an ordered list; each shows only when given. */
export function ItemButtons({
  upLabel,
  downLabel,
  onMove,
  onRemove,
  removeLabel,
}: {
  upLabel?: string;
  downLabel?: string;
  onMove?: (by: number) => void;
  onRemove?: () => void;
  removeLabel?: string;
}) {
  const { t } = useTranslation('console');
  return (
    <>
      {onMove && (
        <>
          <Button variant="ghost" className={small} aria-label={upLabel} onClick={() => onMove(-1)}>
            ↑
          </Button>
          <Button variant="ghost" className={small} aria-label={downLabel} onClick={() => onMove(1)}>
            ↓
          </Button>
        </>
      )}
      {onRemove && (
        <Button variant="ghost" className={`${small} text-xs`} onClick={onRemove}>
          {removeLabel ?? t('common.remove')}
        </Button>
      )}
    </>
  );
}
