import { isUnderage } from '@paddock/contracts';
import type { CarouselItem } from '@paddock/contracts/api/carousel';
import { notFound } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { findFan } from '../profile/fan-accounts.ts';
import { CAROUSEL_ITEMS } from './carousel-items.ts';
import { todayIn } from '../../platform/calendar.ts';

/** The fixed items minus those the fan dismissed; age-gated ones hidden from under-18 fans (product §2, §3). */
export async function listCarousel(call: FanCall): Promise<CarouselItem[]> {
  const { db, org, userId, now } = call;
  const [user, dismissed] = await Promise.all([
    findFan(db, org.id, userId),
    db
      .selectFrom('carouselDismissals')
      .select('itemId')
      .where('userId', '=', userId)
      .where('organizationId', '=', org.id)
      .execute(),
  ]);
  const underage = isUnderage(user?.birthday ?? null, todayIn(org.timeZone, now));
  const hidden = new Set(dismissed.map((d) => d.itemId));
  return CAROUSEL_ITEMS.filter((item) => !hidden.has(item.id) && !(underage && item.underageGate));
}

/** DELETE /carousel/{id}: remembered per fan, so it stays dismissed on every device. */
export async function dismissCarouselItem(call: FanCall, itemId: string) {
  if (!CAROUSEL_ITEMS.some((item) => item.id === itemId)) throw notFound('Carousel item');
  await call.db
    .insertInto('carouselDismissals')
    .values({ organizationId: call.org.id, userId: call.userId, itemId, dismissedAt: call.now })
    .onConflict((oc) => oc.columns(['userId', 'itemId']).doNothing())
    .execute();
}
