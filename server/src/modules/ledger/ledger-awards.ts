import { sql } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { compiledStatement } from '../../platform/compiled-statement.ts';
import { ledgerPosts } from '../../platform/metrics.ts';
import { withLedgerPosts } from './ledger-ctes.ts';
import {
  announcePosted,
  awardBoost,
  type BoostLookup,
  boostedAmount,
  boostedDescription,
  type Earning,
} from './ledger-service.ts';

/** One award of several posted together: its points before any boost, once key and words. */
export interface AwardLine {
  amount: number;
  onceKey: string;
  description: string;
}

/** What the awards share: the fan, what they are for, and when (for the boost). */
export interface AwardsEntry {
  organizationId: string;
  userId: string;
  kind: string;
  reference: string | null;
  at: Date;
  earning: Earning;
}

/**
 * Several awards to one fan in one statement (decision 039, amendment of 2026-11-28): a quiz's
 * correct answers paid when it completes were one postPoints statement each. Each line is
 * posted as postPoints would post it alone, in the order given: the fan's boost (looked up once,
 * as it is the same for every line of one moment), its own once key (a line posted before posts
 * nothing and answers 0), and its own live event and award hooks with the balance after it.
 * Answers the amount actually posted per line. Once keys must differ.
 */
export async function postAwards(
  trx: Database,
  entry: AwardsEntry,
  lines: readonly AwardLine[],
  boostLookup?: BoostLookup,
): Promise<number[]> {
  if (lines.length === 0) return [];
  for (const line of lines) {
    if (!Number.isInteger(line.amount) || line.amount <= 0) {
      throw new Error(`Awards are positive integers, got ${line.amount}`);
    }
  }
  if (new Set(lines.map((l) => l.onceKey)).size !== lines.length) {
    throw new Error('The awards of one post need distinct once keys');
  }
  const boost = await awardBoost(trx, entry, boostLookup);
  const posted = lines.map((l) => ({
    amount: boostedAmount(l.amount, boost),
    onceKey: l.onceKey,
    description: boostedDescription(l.description, boost),
  }));
  const { rows } = await postLinesStatement(trx, {
    organizationId: entry.organizationId,
    userId: entry.userId,
    kind: entry.kind,
    reference: entry.reference,
    lines: JSON.stringify(posted),
  });
  const row = rows[0];
  if (!row) throw new Error('The awarded fan no longer exists');
  const written = new Set(row.postedKeys ?? []);
  if (written.size > 0 && (row.newPoints == null || row.newLifetimePoints == null)) {
    throw new Error('The awarded fan no longer exists');
  }
  // The balance after all lines, walked back to before them, then forward line by line: each
  // line's event and hooks see the balance as it would stand had the lines posted one by one.
  const total = posted.reduce((sum, l) => sum + (written.has(l.onceKey) ? l.amount : 0), 0);
  let points = (row.newPoints ?? 0) - total;
  let lifetimePoints = (row.newLifetimePoints ?? 0) - total;
  const paid: number[] = [];
  for (const l of posted) {
    if (!written.has(l.onceKey)) {
      ledgerPosts.inc({ result: 'duplicate' });
      paid.push(0);
      continue;
    }
    points += l.amount;
    lifetimePoints += l.amount;
    const line = {
      organizationId: entry.organizationId,
      userId: entry.userId,
      amount: l.amount,
      kind: entry.kind,
      reference: entry.reference,
      description: l.description,
    };
    await announcePosted(trx, line, { points, lifetimePoints }, entry.at);
    ledgerPosts.inc({ result: 'applied' });
    paid.push(l.amount);
  }
  return paid;
}

/**
 * postAwards' statement, compiled once: the lines (a JSON array of `{ amount, onceKey,
 * description }`) as `ledgerAmounts`, the ledger's CTEs, and one row: the once keys of the lines
 * that went in and the balance after them (null when none did).
 */
const postLinesStatement = compiledStatement(
  ['organizationId', 'userId', 'kind', 'reference', 'lines'],
  (db, v) =>
    withLedgerPosts(
      db
        // A set-returning function in the select list: a row per array element, in order.
        .with('ledgerAwardLines', (qb) =>
          qb.selectNoFrom(sql<unknown>`jsonb_array_elements(${v.lines}::jsonb)`.as('line')),
        )
        .with('ledgerAmounts', (qb) =>
          qb
            .selectFrom('ledgerAwardLines')
            .select([
              sql<number>`(line ->> 'amount')::int`.as('amount'),
              sql<string>`line ->> 'onceKey'`.as('onceKey'),
              sql<string>`line ->> 'description'`.as('description'),
            ]),
        ),
      v,
    )
      .selectFrom('ledgerBalanceBefore')
      .leftJoin('ledgerBalance', (join) => join.onTrue())
      .select((eb) => [
        eb
          .selectFrom('ledgerLine')
          .select(sql<string[] | null>`json_agg(ledger_line.once_key)`.as('keys'))
          .as('postedKeys'),
        'ledgerBalance.points as newPoints',
        'ledgerBalance.lifetimePoints as newLifetimePoints',
      ]),
);
