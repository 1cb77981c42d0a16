import type { Kysely } from 'kysely';

/** auth tables. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
