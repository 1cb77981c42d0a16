/** PostgreSQL's unique_violation, raised by both engines. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}

/** A CHECK failed, e.g. a balance that would go below zero. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23514') return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}
