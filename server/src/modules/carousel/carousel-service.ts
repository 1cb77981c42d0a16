import { calendarDate, isUnderage } from '@paddock/contracts';
import type { CarouselItem } from '@paddock/contracts/api/carousel';
import type { Database } from '../../db/engine.ts';
import type { Organization } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { CAROUSEL_ITEMS } from './carousel-items.ts';

/** The fixed items minus those the fan dismissed; age-gated ones hidden from under-18 fans (SPEC §2, §3). */
export async function listCarousel(
  db: Database,
  organization: Organization,
  userId: string,
  now: Date,
): Promise<CarouselItem[]> {
  const [user, dismissed] = await Promise.all([
    db
      .selectFrom('users')
      .select('birthday')
      .where('id', '=', userId)
      .where('organizationId', '=', organization.id)
      .executeTakeFirst(),
    db
      .selectFrom('carouselDismissals')
      .select('itemId')
      .where('userId', '=', userId)
      .where('organizationId', '=', organization.id)
      .execute(),
  ]);
  const underage = isUnderage(user?.birthday ?? null, calendarDate(now, organization.timeZone));
  const hidden = new Set(dismissed.map((d) => d.itemId));
  return CAROUSEL_ITEMS.filter((item) => !hidden.has(item.id) && !(underage && item.underageGate));
}

/** DELETE /carousel/{id}: remembered per fan, so it stays dismissed on every device. */
export async function dismissCarouselItem(
  db: Database,
  organizationId: string,
  userId: string,
  itemId: string,
  now: Date,
) {
  if (!CAROUSEL_ITEMS.some((item) => item.id === itemId)) throw notFound('Carousel item');
  await db
    .insertInto('carouselDismissals')
    .values({ organizationId, userId, itemId, dismissedAt: now })
    .onConflict((oc) => oc.columns(['userId', 'itemId']).doNothing())
    .execute();
}
