const CHUNK = 1000;

/** Inserts seed rows by the thousand: a first start stays quick, and no statement grows unbounded. */
export async function insertChunks<R>(rows: R[], insert: (chunk: R[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}
