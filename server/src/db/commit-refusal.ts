import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { writeCommitRefusals } from '../platform/metrics.ts';

/**
 * A statement that carries its transaction's `commit` (compiledStatement's `commits`,
 * deferred-begin.ts) has no later moment to add a write its outcome turns out to need. It
 * checks for that itself: `refuseCommitWhen` is a column that aborts the statement (SQLSTATE
 * PD001, migration 0025) when `condition` holds, so the `commit` behind it rolls everything
 * back, and the caller runs the transaction again with a statement that leaves the commit to
 * the end. Such outcomes are rare (an organization's first milestone, a badge that carries a
 * boost), so the long way costs little.
 */
export function refuseCommitWhen(condition: Expression<SqlBool>, reason: string): RawBuilder<boolean> {
  return sql<boolean>`case when ${condition} then paddock_refuse_commit(${sql.lit(reason)}) else false end`;
}

/**
 * The column a statement adds when it carries its commit (`commits`): refuseCommitWhen on
 * `condition`, built only then. None for the same statement that leaves the commit to the end.
 */
export function commitRefusalColumn(commits: boolean, condition: () => Expression<SqlBool>, reason: string) {
  return commits ? [refuseCommitWhen(condition(), reason).as('commitRefused')] : [];
}

/** The statement refused to commit (refuseCommitWhen): run the transaction again the long way. */
export function isCommitRefused(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'PD001';
}

/**
 * Runs `attempt(true)`, a transaction whose last statement may carry its commit; when that
 * statement refused to commit (an outcome needing a further write), counts it for `write`
 * (`paddock_write_commit_refusals_total`) and runs `attempt(false)`, the transaction again with
 * the commit left to the end. Any other failure is the caller's.
 */
export async function committingFirst<T>(
  write: string,
  attempt: (commits: boolean) => Promise<T>,
): Promise<T> {
  try {
    return await attempt(true);
  } catch (error) {
    if (!isCommitRefused(error)) throw error;
    writeCommitRefusals.inc({ write });
    return attempt(false);
  }
}
