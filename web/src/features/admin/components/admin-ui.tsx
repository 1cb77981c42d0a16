import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Button } from '../../../ui/button.tsx';

/** Small building blocks of the console: a dense desktop/tablet layout, unlike the fan screens. */
export function AdminPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 font-display text-2xl font-black uppercase tracking-wide">{title}</h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

export function Panel({
  title,
  children,
  className = '',
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`rounded-2xl border border-line bg-surface p-4 ${className}`}>
      {title && <h2 className="mb-3 text-lg font-bold">{title}</h2>}
      {children}
    </div>
  );
}

const inputClass =
  'min-h-10 rounded-lg border border-line bg-surface-2 px-3 text-sm text-white placeholder:text-muted focus:outline-2 focus:outline-offset-1 focus:outline-accent';

export function Field({
  label,
  hint,
  className = '',
  ...rest
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </label>
      <input id={id} {...rest} className={inputClass} />
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}

export function TextArea({
  label,
  className = '',
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </label>
      <textarea id={id} {...rest} className={`${inputClass} min-h-24 py-2`} />
    </div>
  );
}

export function Select({
  label,
  options,
  className = '',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </label>
      <select id={id} {...rest} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4"
      />
      {label}
    </label>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200"
    >
      {errorMessage(error)}
    </p>
  );
}

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

export function Badge({
  children,
  tone = 'default',
}: {
  children: ReactNode;
  tone?: 'default' | 'warn' | 'ok';
}) {
  const tones = {
    default: 'bg-surface-2 text-white/80',
    warn: 'bg-red-900/60 text-red-100',
    ok: 'bg-emerald-900/60 text-emerald-100',
  };
  return (
    <span className={`inline-block rounded-md px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** `<input type="datetime-local">` speaks local time without zone; the API speaks ISO 8601 UTC. */
export const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString() : '—';
