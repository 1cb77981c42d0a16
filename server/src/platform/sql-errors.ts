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

// SQLSTATEs meaning "the database is not there right now", not "your request is wrong":
// class 08 (connection exception), 53300 too_many_connections, 57P01–57P03 (shut down or
// starting up) and 57014 query_canceled, which is how statement_timeout ends a statement.
const UNAVAILABLE_STATES = new Set(['53300', '57P01', '57P02', '57P03', '57014']);
const UNAVAILABLE_NET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
];

/**
 * True when a query failed because the database is unreachable, restarting or too slow:
 * the request answers 503 with Retry-After and the client retries (decision 014).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_NET.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  // A host name resolving to several addresses fails with an AggregateError of each attempt.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable);
}
