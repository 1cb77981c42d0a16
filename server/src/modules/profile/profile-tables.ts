import type { Timestamp } from '../../db/schema.ts';

/** A carousel item (fixed demo data, SPEC §3) the fan dismissed; the id is the item's. */
export interface CarouselDismissalsTable {
  organizationId: string;
  userId: string;
  itemId: string;
  dismissedAt: Timestamp;
}

/** The e-mail a fan last gave to POST /user/me/identify (analytics identity, not sign-in). */
export interface FanIdentitiesTable {
  organizationId: string;
  userId: string;
  email: string;
  identifiedAt: Timestamp;
}

/** Kysely interfaces of the fan's own tables (camelCase; see db/schema.ts and 0006_fan.ts). */
export interface FanTables {
  carouselDismissals: CarouselDismissalsTable;
  fanIdentities: FanIdentitiesTable;
}
