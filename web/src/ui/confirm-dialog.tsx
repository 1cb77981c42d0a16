import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * The app's own confirmation (never `window.confirm`): a native modal `<dialog>`, so focus is
 * trapped and restored and Escape cancels, labelled by its title. Used before spending points
 * (product §13.5) and before an operator's irreversible draw.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useModalDialog(open);
  return (
    <dialog
      ref={dialog}
      onClose={() => open && onCancel()}
      aria-labelledby="confirm-dialog-title"
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-3xl border border-line bg-surface p-6 text-white backdrop:bg-black/70"
    >
      {open && (
        <div className="flex flex-col gap-4">
          <h2 id="confirm-dialog-title" className="font-display text-2xl font-black">
            {title}
          </h2>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button loading={busy} onClick={onConfirm} autoFocus>
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}

/** What spending points does to the balance, shown inside a confirmation. */
export function SpendSummary({ rows }: { rows: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-xl border border-line bg-surface-2 p-3 text-sm">
      {rows.map((r) => (
        <div key={r.label} className="contents">
          <dt className="text-muted">{r.label}</dt>
          <dd className="text-right font-bold tabular-nums" data-testid={r.testId}>
            {r.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
