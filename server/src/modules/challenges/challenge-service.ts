import type { ChallengeSubtype } from '@paddock/contracts';
import type { Organization } from '../../db/schema.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { OrgCall, ViewerCall } from '../../platform/service-call.ts';
import { presentChallenges } from './challenge-views.ts';

/** Whether `id` is listed in the organization's hidden challenge ids (product §7: excluded from the list). */
function hiddenIds(org: Organization): Set<string> {
  return new Set(org.settings.hiddenChallengeIds ?? []);
}

/**
 * The logged-off dashboard (product §1, §6): an anonymous caller may read challenges only when the
 * organization enables it; otherwise 401 like every fan-only call.
 */
export function assertMayRead(org: Organization, userId: string | null) {
  if (userId == null && !org.settings.loggedOffDashboard) throw unauthorized();
}

/** GET /challenge: visible (visibleFrom ≤ now, not archived, not hidden); expired ones stay listed. */
export async function listChallenges(call: ViewerCall, subtype?: ChallengeSubtype) {
  const { db, org, userId, now } = call;
  let query = db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', org.id)
    .where('archivedAt', 'is', null)
    .where('visibleFrom', '<=', now)
    .orderBy('visibleFrom', 'desc')
    .orderBy('id');
  if (subtype) query = query.where('subtype', '=', subtype);
  const hidden = hiddenIds(org);
  const rows = (await query.execute()).filter((r) => !hidden.has(r.id));
  return presentChallenges(db, userId, rows, now);
}

/** A challenge of this organization that is not archived (fans never see archived ones). */
export function findUnarchived(call: OrgCall, id: string) {
  return call.db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', call.org.id)
    .where('id', '=', id)
    .where('archivedAt', 'is', null)
    .executeTakeFirst();
}

/** A challenge the fan may see: this organization's, not archived, already visible. Else 404. */
async function findVisible(call: ViewerCall, id: string) {
  const row = await findUnarchived(call, id);
  if (!row || new Date(row.visibleFrom).getTime() > call.now.getTime()) throw notFound('Challenge');
  return row;
}

export async function getChallenge(call: ViewerCall, id: string) {
  const row = await findVisible(call, id);
  const [view] = await presentChallenges(call.db, call.userId, [row], call.now);
  return view as NonNullable<typeof view>;
}
