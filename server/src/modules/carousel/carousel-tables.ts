import type { Timestamp } from '../../db/column-types.ts';

/** A carousel item (fixed demo data, product §3) the fan dismissed; the id is the item's. */
export interface CarouselDismissalsTable {
  organizationId: string;
  userId: string;
  itemId: string;
  dismissedAt: Timestamp;
}

/** Kysely interface of the carousel table (camelCase; see 0006_fan.ts). */
export interface CarouselTables {
  carouselDismissals: CarouselDismissalsTable;
}
