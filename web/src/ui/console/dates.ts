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

/** An ISO instant `days` from now: the default end of a new window in the console forms. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
