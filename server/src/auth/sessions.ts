import type { Database } from '../db/engine.ts';
import { sessionsEnded } from './session-validity.ts';

/**
 * Ending sessions. Access tokens are checked against the sessions table (or a confirmation of
 * at most 5 s, decision 032, forgotten here), so a deleted session revokes its bearer at once;
 * its refresh tokens go with it (cascade).
 */
export async function endSessions(
  db: Database,
  scope: {
    organizationId?: string;
    userId: string;
    /** Only this session (a sign-out of one device). */
    sessionId?: string;
    /** Every session but this one (a new password, "sign out the others"). */
    exceptSessionId?: string;
    /** Only sessions at this assurance level (aal1 sessions end when a second factor arrives). */
    aal?: string;
  },
): Promise<number> {
  let q = db.deleteFrom('sessions').where('userId', '=', scope.userId);
  if (scope.organizationId) q = q.where('organizationId', '=', scope.organizationId);
  if (scope.sessionId) q = q.where('id', '=', scope.sessionId);
  if (scope.exceptSessionId) q = q.where('id', '!=', scope.exceptSessionId);
  if (scope.aal) q = q.where('aal', '=', scope.aal);
  const ended = await q.returning(['id', 'organizationId']).execute();
  const organizationId = ended[0]?.organizationId;
  // A fan belongs to one organization: every ended session is of the same one.
  if (organizationId)
    sessionsEnded(
      db,
      organizationId,
      ended.map((s) => s.id),
    );
  return ended.length;
}

/**
 * Which of these sessions still exist: the realtime server re-checks its private channels'
 * sessions in batches, so a sign-out closes them within seconds (realtime-compat §11.4).
 */
export async function openSessions(db: Database, sessionIds: string[]): Promise<Set<string>> {
  const open = new Set<string>();
  for (let i = 0; i < sessionIds.length; i += 1_000) {
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', sessionIds.slice(i, i + 1_000))
      .execute();
    for (const row of rows) open.add(row.id);
  }
  return open;
}
