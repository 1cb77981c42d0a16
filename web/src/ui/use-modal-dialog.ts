import { useEffect, useRef } from 'react';

/**
 * Keeps a native `<dialog>` shown as a modal while `open` holds (focus trapped and restored,
 * Escape closes) and closed otherwise; returns the ref to put on the element.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return dialog;
}
