/** Offset cursors: operator lists are small and ordered by a stable key, so an offset is enough. */
export const decodeOffset = (cursor: string | undefined) => {
  const n = cursor ? Number.parseInt(cursor, 10) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** A page of `limit` rows from a query that asked for limit + 1, with the next offset cursor. */
export const pageResult = <T>(rows: T[], limit: number, offset: number) => ({
  items: rows.slice(0, limit),
  nextCursor: rows.length > limit ? String(offset + limit) : null,
});
