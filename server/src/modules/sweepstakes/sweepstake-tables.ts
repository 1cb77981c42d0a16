/** Kysely interfaces of the sweepstake and activation tables (camelCase; see db/schema.ts). */
export type SweepstakeTables = Record<never, never>;
