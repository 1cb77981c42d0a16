import type { Database } from '../db/engine.ts';
import { newRefreshToken } from './session-tokens.ts';
import { sessionsEnded } from './session-validity.ts';

/** auth-compat §6: the superseded token still answers for 10 s (a client that lost the response). */
export const REUSE_INTERVAL_MS = 10_000;

export type Rotation =
  | { sessionId: string; userId: string; token: string }
  | { error: 'not_found' | 'expired' | 'reused' };

/**
 * Rotates a refresh token in one transaction (auth-compat §6): the live token is claimed
 * atomically, so of two concurrent refreshes only one rotates; the direct parent of the live
 * token within the reuse interval gets the live token back; any other reuse ends the session,
 * since someone else may hold the family.
 */
export async function rotateRefreshToken(
  db: Database,
  organizationId: string,
  token: string,
  now: Date,
): Promise<Rotation> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refreshTokens as r')
      .innerJoin('sessions as s', 's.id', 'r.sessionId')
      .select(['r.id', 'r.token', 'r.revoked', 'r.sessionId', 'r.userId', 'r.updatedAt', 's.notAfter'])
      .where('r.token', '=', token)
      .where('s.organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!row) return { error: 'not_found' as const };
    if (row.notAfter && new Date(row.notAfter) <= now) return { error: 'expired' as const };
    const claimed = await trx
      .updateTable('refreshTokens')
      .set({ revoked: true, updatedAt: now })
      .where('id', '=', row.id)
      .where('revoked', '=', false)
      .returning('id')
      .executeTakeFirst();
    if (claimed) {
      const next = await addRefreshToken(
        trx,
        { sessionId: row.sessionId, userId: row.userId, parent: row.token },
        now,
      );
      await trx
        .updateTable('sessions')
        .set({ refreshedAt: now, updatedAt: now })
        .where('id', '=', row.sessionId)
        .execute();
      return { sessionId: row.sessionId, userId: row.userId, token: next };
    }
    const child = await trx
      .selectFrom('refreshTokens')
      .select(['token', 'createdAt', 'revoked'])
      .where('parent', '=', row.token)
      .where('sessionId', '=', row.sessionId)
      .executeTakeFirst();
    if (child && !child.revoked && now.getTime() - new Date(child.createdAt).getTime() <= REUSE_INTERVAL_MS) {
      return { sessionId: row.sessionId, userId: row.userId, token: child.token };
    }
    await trx.deleteFrom('sessions').where('id', '=', row.sessionId).execute();
    sessionsEnded(trx, organizationId, [row.sessionId]);
    return { error: 'reused' as const };
  });
}

/** A new refresh token of the session (its first, a rotation's child, or after a step-up). */
export async function addRefreshToken(
  db: Database,
  token: { sessionId: string; userId: string; parent: string | null },
  now: Date,
): Promise<string> {
  const next = newRefreshToken();
  await db
    .insertInto('refreshTokens')
    .values({ token: next, ...token, createdAt: now, updatedAt: now })
    .execute();
  return next;
}

/** Revokes every refresh token of a session (its assurance level changed). */
export async function revokeRefreshTokens(db: Database, sessionId: string, now: Date) {
  await db
    .updateTable('refreshTokens')
    .set({ revoked: true, updatedAt: now })
    .where('sessionId', '=', sessionId)
    .execute();
}

/** The session a refreshed token belongs to, as the token response needs it. */
export async function sessionForResponse(db: Database, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'aal', 'amr'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}
