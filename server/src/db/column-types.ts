import type { ColumnType } from 'kysely';

/**
 * Column helper types every `*-tables.ts` file uses. A leaf: it imports nothing of ours, so
 * the table files (and db/schema.ts, which joins them) never form an import circle.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T = unknown> = ColumnType<T, string | T | undefined, string | T>;
