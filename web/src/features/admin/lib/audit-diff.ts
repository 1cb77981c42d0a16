/** One field an audited action changed, both sides written for a person to read. */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const EMPTY = '—';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nested objects become dotted fields (`settings.checkinRewards`), so a diff names what moved. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

export function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.length === 0 ? EMPTY : value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * What an audit row's before and after differ in, field by field (rows were raw
 * JSON dumps). A creation lists what was set, a deletion what was removed, an update only the
 * fields whose value changed; a value that is not an object shows as a single "value" field.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const wrap = (v: unknown) => (isRecord(v) || v === null || v === undefined ? v : { value: v });
  const a = flatten(wrap(before));
  const b = flatten(wrap(after));
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .map((field) => ({ field, before: readable(a.get(field)), after: readable(b.get(field)) }))
    .filter((c) => c.before !== c.after);
}
