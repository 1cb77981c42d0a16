import type { ChallengeSubtype } from '@paddock/contracts';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { OrgCall, ViewerCall } from '../../platform/service-call.ts';
import { challengeCatalogue } from './challenge-catalogue.ts';
import { presentEntries } from './challenge-views.ts';

/**
 * The logged-off dashboard (product §1, §6): an anonymous caller may read challenges only when the
 * organization enables it; otherwise 401 like every fan-only call.
 */
export function assertMayRead(org: Organization, userId: string | null) {
  if (userId == null && !org.settings.loggedOffDashboard) throw unauthorized();
}

/**
 * GET /challenge: visible (visibleFrom ≤ now, not archived, not hidden); expired ones stay listed.
 * The organization's catalogue (challenge-catalogue.ts, kept until an operator changes a
 * challenge) is filtered against this request's clock and the organization's current hidden
 * ids (product §7: excluded from the list only), then the fan's own answers are merged in.
 */
export async function listChallenges(call: ViewerCall, subtype?: ChallengeSubtype) {
  const { db, org, userId, now } = call;
  const { entries } = await challengeCatalogue(db, org.id);
  const hidden = new Set(org.settings.hiddenChallengeIds ?? []);
  const at = now.getTime();
  const visible = entries.filter(
    (e) => e.visibleFromMs <= at && (!subtype || e.row.subtype === subtype) && !hidden.has(e.row.id),
  );
  return presentEntries(db, userId, visible, now);
}

/** A challenge of this organization that is not archived (fans never see archived ones). */
export function findUnarchived(call: OrgCall, id: string) {
  return unarchivedChallenge(call.db, call.org.id, id).executeTakeFirst();
}

/** findUnarchived's query before it runs: a caller may select more in the same round trip. */
export function unarchivedChallenge(db: Database, organizationId: string, id: string) {
  return db
    .selectFrom('challenges')
    .selectAll('challenges')
    .where('challenges.organizationId', '=', organizationId)
    .where('challenges.id', '=', id)
    .where('challenges.archivedAt', 'is', null);
}

/** GET /challenge/{id}: this organization's, not archived, already visible (hidden ones too); else 404. */
export async function getChallenge(call: ViewerCall, id: string) {
  const entry = (await challengeCatalogue(call.db, call.org.id)).byId.get(id);
  if (!entry || entry.visibleFromMs > call.now.getTime()) throw notFound('Challenge');
  const [view] = await presentEntries(call.db, call.userId, [entry], call.now);
  return view as NonNullable<typeof view>;
}
