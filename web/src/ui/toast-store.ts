/**
 * Product §3/§4/§9 toasts: one at a time (a new one replaces the older), 5000 ms by default,
 * dismissed (open false) then removed after a long delay. A tiny store so any module can
 * raise a toast without React context.
 */
export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: string;
  title?: string;
  description?: string;
  action?: { label: string; onClick: () => void };
  open: boolean;
  variant: ToastVariant;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastAction =
  | { type: 'add'; toast: Toast }
  | { type: 'update'; toast: Partial<Toast> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

let toasts: Toast[] = [];
const listeners = new Set<(toasts: Toast[]) => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction) {
  toasts = toastReducer(toasts, action);
  if (action.type === 'dismiss') {
    for (const t of toasts) {
      if (!t.open && !removals.has(t.id)) {
        removals.set(
          t.id,
          setTimeout(() => {
            removals.delete(t.id);
            dispatch({ type: 'remove', id: t.id });
          }, TOAST_REMOVE_DELAY_MS),
        );
      }
    }
  }
  for (const listener of listeners) listener(toasts);
}

export function toast(input: Omit<Toast, 'id' | 'open' | 'variant'> & { variant?: ToastVariant }) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...input, id, open: true, variant: input.variant ?? 'default' } });
  return { id, dismiss: () => dispatch({ type: 'dismiss', id }) };
}

export const dismissToast = (id?: string) => dispatch({ type: 'dismiss', id });

export function subscribeToasts(listener: (toasts: Toast[]) => void) {
  listeners.add(listener);
  listener(toasts);
  return () => {
    listeners.delete(listener);
  };
}
