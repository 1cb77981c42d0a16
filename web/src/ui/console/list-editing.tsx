import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { labelClass } from './fields.tsx';

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

/**
 * An editable list inside a console form: each item's fields (`children`, which gets the item
 * and a setter for part of it), a Remove button while more than `min` remain, ↑ / ↓ when
 * `move` labels are given, and an Add button while fewer than `max` exist.
 */
export function ListEditor<T>({
  value,
  onChange,
  newItem,
  addLabel,
  legend,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  move,
  removeLabel,
  itemKey = (_, i) => String(i),
  rowClassName = 'flex flex-wrap items-end gap-2',
  children,
}: {
  value: T[];
  onChange: (next: T[]) => void;
  newItem: () => T;
  addLabel: string;
  legend?: string;
  min?: number;
  max?: number;
  move?: { up: string; down: string };
  removeLabel?: string;
  itemKey?: (item: T, index: number) => string;
  rowClassName?: string;
  children: (item: T, set: (patch: Partial<T>) => void, index: number) => ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      {legend && <legend className={`mb-1 ${labelClass}`}>{legend}</legend>}
      {value.map((item, i) => (
        <div key={itemKey(item, i)} className={rowClassName}>
          {children(item, (patch) => onChange(replaceAt(value, i, patch)), i)}
          <ItemButtons
            upLabel={move?.up}
            downLabel={move?.down}
            onMove={move && ((by) => onChange(moveItem(value, i, by)))}
            onRemove={value.length > min ? () => onChange(removeAt(value, i)) : undefined}
            removeLabel={removeLabel}
          />
        </div>
      ))}
      {value.length < max && (
        <Button
          variant="secondary"
          className="self-start text-sm"
          onClick={() => onChange([...value, newItem()])}
        >
          {addLabel}
        </Button>
      )}
    </fieldset>
  );
}
