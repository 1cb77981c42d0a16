/** Kysely interfaces of the auth tables (camelCase; see db/schema.ts). */
export type AuthTables = Record<never, never>;
