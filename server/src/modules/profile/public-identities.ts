import type { Database } from '../../db/engine.ts';

/** What a public list (the leaderboards) may know of a fan, before it applies decision 025. */
export interface PublicIdentity {
  username: string | null;
  avatarMediaId: string | null;
  birthday: string | null;
  leaderboardVisible: boolean;
  email: string | null;
}

/** These fans' public identity columns, by id (one organization). */
export async function publicIdentities(db: Database, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, PublicIdentity>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'avatarMediaId', 'birthday', 'leaderboardVisible', 'email'])
    .where('organizationId', '=', organizationId)
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map(({ id, ...identity }) => [id, identity]));
}

/** The fan, the fan who referred them and the fans they referred: the friends board's circle. */
export async function referralCircle(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb('id', '=', userId),
        eb('referredBy', '=', userId),
        eb(
          'id',
          '=',
          eb
            .selectFrom('users')
            .select('referredBy')
            .where('id', '=', userId)
            .where('organizationId', '=', organizationId),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}
