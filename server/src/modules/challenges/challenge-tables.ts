/** Kysely interfaces of the challenge and check-in tables (camelCase; see db/schema.ts). */
export type ChallengeTables = Record<never, never>;
