import { useCallback, useState } from 'react';

/** The keys of T whose values are of type V. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];

/** What a text input, text area or select hands to onChange: all the binding reads is the value. */
interface ValueEvent {
  target: { value: string };
}

/**
 * Props that wire one form value to one console input, so a form states only its fields:
 * `<Field label="Name" {...fields.text('name')} />`.
 */
export interface FormFields<T> {
  values: T;
  /** Changes several values at once (a select that resets another field, a loaded record). */
  set: (patch: Partial<T>) => void;
  /** A text input, text area, select or colour picker holding a string (or a string union). */
  text: <K extends KeysOf<T, string>>(name: K) => { value: T[K]; onChange: (e: ValueEvent) => void };
  /** A number input holding a number (an empty input reads as 0, as `Number('')` does). */
  number: <K extends KeysOf<T, number>>(
    name: K,
  ) => { type: 'number'; value: T[K]; onChange: (e: ValueEvent) => void };
  /** A `<Check>`: on or off. */
  check: <K extends KeysOf<T, boolean>>(name: K) => { checked: T[K]; onChange: (on: boolean) => void };
  /** A component that hands over the value itself (`<DateTimeField>`, `<MediaUpload>`). */
  value: <K extends keyof T>(name: K) => { value: T[K]; onChange: (value: T[K]) => void };
}

/** The bindings for `values`, writing through `update` (a state setter's patch). Pure: tested alone. */
export function bindFields<T extends object>(values: T, update: (patch: Partial<T>) => void): FormFields<T> {
  const put = <K extends keyof T>(name: K, value: T[K]) => update({ [name]: value } as unknown as Partial<T>);
  return {
    values,
    set: update,
    text: (name) => ({
      value: values[name],
      onChange: (e) => put(name, e.target.value as T[typeof name]),
    }),
    number: (name) => ({
      type: 'number',
      value: values[name],
      onChange: (e) => put(name, Number(e.target.value) as T[typeof name]),
    }),
    check: (name) => ({ checked: values[name], onChange: (on) => put(name, on as T[typeof name]) }),
    value: (name) => ({ value: values[name], onChange: (value) => put(name, value) }),
  };
}

/** Form state plus its bindings; `initial` is read once, like useState's, and `set` is stable. */
export function useFormFields<T extends object>(initial: T | (() => T)): FormFields<T> {
  const [values, setValues] = useState(initial);
  const update = useCallback((patch: Partial<T>) => setValues((current) => ({ ...current, ...patch })), []);
  return bindFields(values, update);
}
