/** Kysely interfaces of the referral and carousel tables (camelCase; see db/schema.ts). */
export type FanTables = Record<never, never>;
