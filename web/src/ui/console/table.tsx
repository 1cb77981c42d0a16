import { type QueryKey, useQuery } from '@tanstack/react-query';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../lib/console-api.ts';
import { Button } from '../button.tsx';

export function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

export function Td({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return <td className={`px-3 py-2 align-top ${className}`}>{children}</td>;
}

/**
 * The edit/remove ghost buttons a console row ends with. Renders a fragment, so the caller keeps
 * its own cell or wrapper; without `onRemove` only Edit shows, and `confirmText` (when given)
 * asks before removing.
 */
export function RowActions({
  editLabel,
  onEdit,
  removeLabel,
  onRemove,
  confirmText,
  removing,
  className,
  children,
}: {
  editLabel: string;
  onEdit: () => void;
  removeLabel?: string;
  onRemove?: () => void;
  confirmText?: string;
  removing?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Button variant="ghost" className={className} onClick={onEdit}>
        {editLabel}
      </Button>
      {onRemove && (
        <Button
          variant="ghost"
          className={className}
          loading={removing}
          onClick={() => (confirmText === undefined || window.confirm(confirmText)) && onRemove()}
        >
          {removeLabel}
        </Button>
      )}
      {children}
    </>
  );
}

/**
 * A cursor-paged console list (fans, audit log): the current page's query and its cursor. A
 * new search starts again from the first page with `setCursor(undefined)`.
 */
export function usePagedQuery<T>(key: QueryKey, fetchPage: (cursor: string | undefined) => Promise<Page<T>>) {
  const [cursor, setCursor] = useState<string | undefined>();
  const query = useQuery({ queryKey: [...key, cursor ?? ''], queryFn: () => fetchPage(cursor) });
  return { query, cursor, setCursor };
}

/** First page / next page under a paged console table. */
export function Pager({ paged }: { paged: ReturnType<typeof usePagedQuery<unknown>> }) {
  const { t } = useTranslation('console');
  const next = paged.query.data?.nextCursor;
  return (
    <div className="flex gap-2">
      {paged.cursor && (
        <Button variant="secondary" onClick={() => paged.setCursor(undefined)}>
          {t('common.first')}
        </Button>
      )}
      {next && (
        <Button variant="secondary" onClick={() => paged.setCursor(next)}>
          {t('common.next')}
        </Button>
      )}
    </div>
  );
}

/** A compact input inside a table cell; its label is `aria-label` (the column says what it is). */
export function CellInput({ className = 'w-full', ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...rest} className={`${className} rounded-md border border-line bg-surface-2 px-2 py-1`} />;
}

/** One column of a DataTable: its heading and what each row shows in it. */
export interface Column<T> {
  head: string;
  cell: (item: T) => ReactNode;
  className?: string;
}

/** A console table of items, one row each, described by its columns. */
export function DataTable<T>({
  items,
  itemKey,
  columns,
}: {
  items: readonly T[] | undefined;
  itemKey: (item: T) => string;
  columns: Column<T>[];
}) {
  return (
    <Table head={columns.map((c) => c.head)}>
      {items?.map((item) => (
        <tr key={itemKey(item)}>
          {columns.map((c) => (
            <Td key={c.head} className={c.className}>
              {c.cell(item)}
            </Td>
          ))}
        </tr>
      ))}
    </Table>
  );
}

/** The Edit/Archive/Delete buttons of a dense console table. */
export const smallButton = 'min-h-8 px-2 py-1 text-xs';
