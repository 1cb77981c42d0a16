import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { fromLocalInput, toLocalInput } from './dates.ts';

/** The console's form inputs: a visible label above each, an optional hint below. */
export const labelClass = 'text-xs font-semibold uppercase tracking-wide text-muted';

const inputClass =
  'min-h-10 rounded-lg border border-line bg-surface-2 px-3 text-sm text-white placeholder:text-muted focus:outline-2 focus:outline-offset-1 focus:outline-accent';

function Labelled({
  label,
  hint,
  className,
  children,
}: {
  label: string;
  hint?: string;
  className: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children(id)}
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}

export type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

export function Field({ label, hint, className = '', ...rest }: FieldProps) {
  return (
    <Labelled label={label} hint={hint} className={className}>
      {(id) => <input id={id} {...rest} className={inputClass} />}
    </Labelled>
  );
}

/** A number input that reports a number (points, seconds, milliseconds), never the raw text. */
export function NumberField({
  onValue,
  ...rest
}: Omit<FieldProps, 'type' | 'onChange'> & { onValue: (value: number) => void }) {
  return <Field type="number" {...rest} onChange={(e) => onValue(Number(e.target.value))} />;
}

/**
 * A date and time in the operator's local zone, held as the ISO 8601 instant the API speaks
 * (null when empty), so forms never convert by hand.
 */
export function DateTimeField({
  value,
  onChange,
  ...rest
}: Omit<FieldProps, 'value' | 'onChange' | 'type'> & {
  value: string | null;
  onChange: (iso: string | null) => void;
}) {
  return (
    <Field
      {...rest}
      type="datetime-local"
      value={toLocalInput(value)}
      onChange={(e) => onChange(fromLocalInput(e.target.value))}
    />
  );
}

export function TextArea({
  label,
  hint,
  className = '',
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: string }) {
  return (
    <Labelled label={label} hint={hint} className={className}>
      {(id) => <textarea id={id} {...rest} className={`${inputClass} min-h-24 py-2`} />}
    </Labelled>
  );
}

export function Select({
  label,
  options,
  className = '',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: { value: string; label: string }[] }) {
  return (
    <Labelled label={label} className={className}>
      {(id) => (
        <select id={id} {...rest} className={inputClass}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
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

const GRID = {
  2: 'grid gap-3 sm:grid-cols-2',
  3: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3',
  4: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** The responsive grid console forms lay their short fields out in. */
export function FieldGrid({ columns, children }: { columns: keyof typeof GRID; children: ReactNode }) {
  return <div className={GRID[columns]}>{children}</div>;
}
