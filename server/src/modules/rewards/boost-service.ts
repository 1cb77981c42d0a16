import type { Boost } from '@paddock/contracts/api/boosts';
import type { FanCall } from '../../platform/service-call.ts';
import { boostStatus } from './boost-live.ts';
import { boostLabel } from './boost-rules.ts';

/**
 * GET /boosts: the fan's active and upcoming boosts (the organization's and their own), active
 * first ending soonest — the dashboard shows the first with its countdown.
 */
export async function listFanBoosts(call: FanCall): Promise<Boost[]> {
  const { db, org, userId, now } = call;
  const rows = await db
    .selectFrom('boosts')
    .selectAll()
    .where('organizationId', '=', org.id)
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userId)]))
    .where('endsAt', '>', now)
    .execute();
  const list = rows.map((r): Boost => {
    const status = boostStatus(r, now) === 'active' ? 'active' : 'upcoming';
    const multiplier = Number(r.multiplier);
    return {
      boostId: r.id,
      name: r.name,
      multiplier,
      earning: r.earning,
      scope: r.userId ? 'personal' : 'organization',
      startsAt: new Date(r.startsAt).toISOString(),
      endsAt: new Date(r.endsAt).toISOString(),
      status,
      label: boostLabel({ name: r.name, multiplier }),
    };
  });
  return list.sort((a, b) => {
    if (a.status !== b.status) return a.status === 'active' ? -1 : 1;
    return a.status === 'active' ? a.endsAt.localeCompare(b.endsAt) : a.startsAt.localeCompare(b.startsAt);
  });
}
