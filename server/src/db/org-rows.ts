import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './engine.ts';
import type { DB } from './schema.ts';

/**
 * The queries every console item repeats on its own table: one row of the organization by id,
 * and "create or update by id" scoped by organization (a row of another organization is never
 * read nor written, product §11). Each module still calls them on its own tables only.
 */

/** Tables whose rows belong to one organization and carry their own `id`. */
export type OrgTable = {
  [K in keyof DB]: DB[K] extends { id: unknown; organizationId: unknown } ? K : never;
}[keyof DB];

/** Kysely cannot type a query over a table chosen by a type parameter; the signatures below do. */
type AnyOrgRow = { id: string; organizationId: string; [column: string]: unknown };
type Columns = Partial<AnyOrgRow>;
const loose = (db: Database) => db as unknown as Kysely<Record<string, AnyOrgRow>>;

/** One row of the organization by id, or undefined; `forUpdate` locks it for the transaction. */
export async function findOrgRow<T extends OrgTable>(
  db: Database,
  table: T,
  organizationId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Selectable<DB[T]> | undefined> {
  let query = loose(db)
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id)
    .where('organizationId', '=', organizationId);
  if (opts.forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as Selectable<DB[T]> | undefined;
}

/**
 * Every row of the organization, newest first by `newestBy` (then by id when `thenById`, for a
 * stable order among equal dates): the list a console screen shows.
 */
export async function listOrgRows<T extends OrgTable>(
  db: Database,
  table: T,
  organizationId: string,
  newestBy: keyof Selectable<DB[T]> & string,
  opts: { thenById?: boolean } = {},
): Promise<Selectable<DB[T]>[]> {
  let query = loose(db)
    .selectFrom(table as string)
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy(newestBy, 'desc');
  if (opts.thenById) query = query.orderBy('id');
  return (await query.execute()) as Selectable<DB[T]>[];
}

/**
 * Creates the row (`id` null, with the organization's id added) or updates the organization's row
 * `id` with `values` plus `onUpdate` (an `updatedAt`…); answers the row's id. An update of a row
 * the organization does not own throws (callers read it first and answer 404).
 */
export async function saveOrgRow<T extends OrgTable>(
  db: Database,
  table: T,
  organizationId: string,
  id: string | null,
  values: Omit<Insertable<DB[T]>, 'organizationId'>,
  onUpdate: Updateable<DB[T]> = {},
): Promise<string> {
  const row = id
    ? await loose(db)
        .updateTable(table as string)
        .set({ ...values, ...onUpdate } as Columns)
        .where('id', '=', id)
        .where('organizationId', '=', organizationId)
        .returning('id')
        .executeTakeFirstOrThrow()
    : await loose(db)
        .insertInto(table as string)
        .values({ ...values, organizationId } as Columns as AnyOrgRow)
        .returning('id')
        .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the organization's row `id` (an archive closes its window…); another org's row is untouched. */
export async function updateOrgRow<T extends OrgTable>(
  db: Database,
  table: T,
  organizationId: string,
  id: string,
  values: Updateable<DB[T]>,
): Promise<void> {
  await loose(db)
    .updateTable(table as string)
    .set(values as Columns)
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .execute();
}

/** Deletes the organization's row `id`; another org's row is untouched. */
export async function deleteOrgRow(db: Database, table: OrgTable, organizationId: string, id: string) {
  await loose(db)
    .deleteFrom(table as string)
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .execute();
}
