/** Kysely interfaces of the video, playlist, article and story tables (camelCase; see db/schema.ts). */
export type ContentTables = Record<never, never>;
