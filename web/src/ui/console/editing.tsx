import { type ReactNode, useState } from 'react';
import { Button } from '../button.tsx';
import { useTranslation } from 'react-i18next';
import { Check } from './fields.tsx';
import { ErrorNote, Panel } from './page.tsx';
import { type Column, DataTable, RowActions, smallButton } from './table.tsx';

/**
 * Which item a console screen is editing: an id, `new` for a blank form, or none. Each screen
 * has one "New" button (hidden while a form is open) and one form open at a time.
 */
export function useEditing() {
  const [editing, setEditing] = useState<string | null>(null);
  return {
    editing,
    edit: setEditing,
    done: () => setEditing(null),
    newButton: (label: string) =>
      editing === null && <Button onClick={() => setEditing('new')}>{label}</Button>,
  };
}

/** What a tab of a console screen gets from the screen around it, which owns the "New" button. */
export interface EditorSectionProps {
  editing: string | null;
  onEdit: (id: string) => void;
  onDone: () => void;
}

/** The edit form of the item being edited (blank for `new`) in a panel above a table of items. */
export function EditorPanel<T>({
  editing,
  items,
  itemKey,
  children,
}: {
  editing: string | null;
  items: readonly T[] | undefined;
  itemKey: (item: T) => string;
  children: (item: T | null) => ReactNode;
}) {
  if (editing === null) return null;
  // Keyed by what is edited, so switching items starts a fresh form.
  return <Panel key={editing}>{children(items?.find((item) => itemKey(item) === editing) ?? null)}</Panel>;
}

/**
 * Items shown one panel each: the item's summary, or its edit form while it is edited; `new`
 * opens a blank form in a panel above them.
 */
export function PanelList<T>({
  items,
  itemKey,
  editing,
  newTitle,
  form,
  className = 'grid gap-3',
  children,
}: {
  items: readonly T[] | undefined;
  itemKey: (item: T) => string;
  editing: string | null;
  newTitle: string;
  form: (item: T | null) => ReactNode;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      {editing === 'new' && <Panel title={newTitle}>{form(null)}</Panel>}
      <div className={className}>
        {items?.map((item) => (
          <Panel key={itemKey(item)}>{editing === itemKey(item) ? form(item) : children(item)}</Panel>
        ))}
      </div>
    </>
  );
}

/**
 * A tab of items in a table with Edit and Remove (or Archive) on each row, and the edit form of
 * the item being edited above it.
 */
export function EditableTable<T extends object>({
  error,
  archivedLabel,
  items,
  itemKey,
  editing,
  onEdit,
  form,
  columns,
  removeLabel,
  confirmText,
  onRemove,
}: EditorSectionProps & {
  /** What went wrong loading or changing the items. */
  error: unknown;
  /** Archivable items: a "Show archived" tick box with this label; archived rows hide until ticked. */
  archivedLabel?: string;
  items: readonly T[] | undefined;
  itemKey: (item: T) => string;
  form: (item: T | null) => ReactNode;
  columns: Column<T>[];
  removeLabel: string;
  confirmText?: string;
  /** Removes the item; undefined for an item that cannot be removed (already archived). */
  onRemove: (item: T) => (() => void) | undefined;
}) {
  const { t } = useTranslation('console');
  const [showArchived, setShowArchived] = useState(false);
  const actions: Column<T> = {
    head: '',
    className: 'whitespace-nowrap',
    cell: (item) => (
      <RowActions
        className={smallButton}
        editLabel={t('common.edit')}
        onEdit={() => onEdit(itemKey(item))}
        removeLabel={removeLabel}
        confirmText={confirmText}
        onRemove={onRemove(item)}
      />
    ),
  };
  return (
    <>
      <ErrorNote error={error} />
      {archivedLabel && <Check label={archivedLabel} checked={showArchived} onChange={setShowArchived} />}
      <EditorPanel editing={editing} items={items} itemKey={itemKey}>
        {form}
      </EditorPanel>
      <DataTable
        items={items?.filter(
          (item) => showArchived || !archivedLabel || !('archived' in item && item.archived),
        )}
        itemKey={itemKey}
        columns={[...columns, actions]}
      />
    </>
  );
}
