/**
 * A short memory of sessions the database recently confirmed, so the product API does not
 * read the sessions table on every call (decision 032). A session ended in this process is
 * forgotten at once; one ended by another process (none yet: decision 016) stops working when
 * its confirmation lapses, at most CONFIRMED_FOR_MS later. Keyed by session id (a UUID), so
 * several apps in one process (the tests) never see each other's sessions.
 */
export const CONFIRMED_FOR_MS = 5_000;
const MAX_ENTRIES = 200_000;

const confirmed = new Map<string, { userId: string; until: number }>();

export function recentlyConfirmed(sessionId: string, userId: string): boolean {
  const entry = confirmed.get(sessionId);
  if (!entry) return false;
  if (entry.userId === userId && entry.until > performance.now()) return true;
  confirmed.delete(sessionId);
  return false;
}

export function rememberConfirmed(sessionId: string, userId: string) {
  if (confirmed.size >= MAX_ENTRIES) {
    const now = performance.now();
    for (const [id, entry] of confirmed) if (entry.until <= now) confirmed.delete(id);
    if (confirmed.size >= MAX_ENTRIES) confirmed.clear();
  }
  confirmed.set(sessionId, { userId, until: performance.now() + CONFIRMED_FOR_MS });
}

/** Called wherever sessions are deleted, so the revocation is immediate in this process. */
export function forgetSessions(sessionIds: Iterable<string>) {
  for (const id of sessionIds) confirmed.delete(id);
}
