import { writeCommitRefusals } from '../platform/metrics.ts';

/** How many times `write` ran the long way in this process (`paddock_write_commit_refusals_total`). */
export async function commitRefusals(write: string): Promise<number> {
  const { values } = await writeCommitRefusals.get();
  return values.find((v) => v.labels.write === write)?.value ?? 0;
}
