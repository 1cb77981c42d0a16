import type { SettleResult } from '@paddock/contracts/api/challenges';
import { unprocessable } from '../../platform/errors.ts';
import type { OperatorCall } from '../../platform/service-call.ts';
import { boostedAmount, lockBalances, postPoints } from '../ledger/ledger-service.ts';
import { awardMilestoneBadges } from '../rewards/badge-milestones.ts';
import { bestActiveBoost } from '../rewards/boost-rules.ts';
import { auditChallenge, findForOperator } from './challenge-admin-service.ts';
import { challengesChanged } from './challenge-catalogue.ts';
import { iso } from './challenge-views.ts';
import { announceSettled } from './challenge-live.ts';

/**
 * Pick'em settlement (product §10.2.3). Each prediction's response row holds what the
 * fan is currently paid (`points_awarded`, the settlement bookkeeping). Settling computes, per
 * fan, what the outcome says they should hold and posts only the difference: the same outcome
 * twice pays nothing more; a corrected outcome (stewards' decision) posts a reversal of the
 * old award and the new award as new ledger rows. The challenge row is locked, so concurrent
 * settlements run one after the other; each round has its own once-only keys.
 *
 * A reversal never overdraws: if a fan has already spent the points, the reversal takes what
 * the balance holds (the ledger guard forbids a negative balance) and the shortfall is reported.
 */
export async function settlePickem(
  call: OperatorCall,
  id: string,
  body: { outcomeIndex: number; preview?: boolean | undefined },
): Promise<SettleResult> {
  const result = await call.db.transaction().execute(async (trx) => {
    const inTrx = { ...call, db: trx };
    const row = await findForOperator(inTrx, id, true);
    if (row.subtype !== 'pickem') throw unprocessable('not_pickem', "Only pick'em challenges are settled");
    if (!row.expiresOn || new Date(row.expiresOn).getTime() > call.now.getTime()) {
      throw unprocessable(
        'challenge_not_closed',
        "Predictions are still open; settle after the pick'em closes",
      );
    }
    const options = await trx
      .selectFrom('challengeOptions')
      .selectAll()
      .where('challengeId', '=', id)
      .where('questionId', 'is', null)
      .execute();
    const winner = options.find((o) => o.orderIndex === body.outcomeIndex);
    if (!winner) throw unprocessable('invalid_option', 'outcomeIndex is not an option of this pick’em');

    const predictions = await trx
      .selectFrom('challengeResponses')
      .select(['id', 'userId', 'optionIndex', 'pointsAwarded'])
      .where('challengeId', '=', id)
      .where('status', '=', 'completed')
      .orderBy('userId')
      .forUpdate()
      .execute();
    // What each predicting fan still holds, locked: a reversal never takes more than that.
    const balances = await lockBalances(
      trx,
      call.org.id,
      predictions.map((p) => p.userId),
    );

    const round = row.settlementRound + 1;
    const result: SettleResult = {
      preview: Boolean(body.preview),
      outcomeIndex: body.outcomeIndex,
      previousOutcomeIndex: row.outcomeIndex,
      fansPaid: 0,
      pointsPaid: 0,
      basePointsPaid: 0,
      boosts: [],
      fansReversed: 0,
      pointsReversed: 0,
      settledAt: iso(row.settledAt),
    };
    for (const p of predictions) {
      // Bookkeeping compares who is paid, not amounts: the ledger may have adjusted an award.
      const shouldBePaid = p.optionIndex === body.outcomeIndex && winner.points > 0;
      const isPaid = p.pointsAwarded > 0;
      if (shouldBePaid === isPaid) continue;
      let paid = 0;
      if (isPaid) {
        const take = Math.min(p.pointsAwarded, balances.get(p.userId) ?? 0);
        result.fansReversed += 1;
        result.pointsReversed += take;
        if (!body.preview && take > 0) {
          await postPoints(trx, {
            organizationId: call.org.id,
            userId: p.userId,
            amount: -take,
            kind: 'reversal',
            reference: id,
            description: `Pick'em result corrected: ${row.title}`,
            onceKey: `pickem:${id}:r${round}:reversal`,
          });
        }
      } else {
        result.fansPaid += 1;
        result.basePointsPaid += winner.points;
        // Product §12.2, §11.3: operators see what fans actually receive, boost included.
        if (body.preview) {
          const boost = await bestActiveBoost(trx, {
            organizationId: call.org.id,
            userId: p.userId,
            earning: 'challenges',
            at: call.now,
          });
          result.pointsPaid += boostedAmount(winner.points, boost);
          countBoost(result, boost?.label);
        } else {
          const posted = await postPoints(
            trx,
            {
              organizationId: call.org.id,
              userId: p.userId,
              amount: winner.points,
              kind: 'challenge',
              reference: id,
              description: `Pick'em: ${row.title} (correct prediction)`,
              onceKey: `pickem:${id}:r${round}`,
              at: call.now,
              earning: 'challenges',
            },
            bestActiveBoost,
          );
          result.pointsPaid += posted.amount;
          countBoost(result, posted.boost?.label);
          paid = posted.applied ? posted.amount : 0;
          if (paid > 0) {
            await awardMilestoneBadges(trx, {
              organizationId: call.org.id,
              userId: p.userId,
              at: call.now,
              event: 'pickem_won',
            });
          }
        }
      }
      if (!body.preview) {
        await trx
          .updateTable('challengeResponses')
          .set({ pointsAwarded: paid, correct: p.optionIndex === body.outcomeIndex })
          .where('id', '=', p.id)
          .execute();
      }
    }
    if (body.preview) return result;

    const changed = row.outcomeIndex !== body.outcomeIndex;
    if (changed || !row.settledAt) {
      await trx
        .updateTable('challenges')
        .set({
          outcomeIndex: body.outcomeIndex,
          settledAt: call.now,
          settlementRound: round,
          updatedAt: call.now,
        })
        .where('id', '=', id)
        .execute();
      result.settledAt = call.now.toISOString();
      announceSettled(trx, call.org.id, id, body.outcomeIndex);
    }
    await auditChallenge(
      inTrx,
      changed && row.outcomeIndex != null ? 'challenge.resettle' : 'challenge.settle',
      id,
      { outcomeIndex: row.outcomeIndex },
      result,
    );
    return result;
  });
  // The outcome and settledAt are in every fan's view of the pick'em (decision 032).
  if (!body.preview) challengesChanged(call.db, call.org.id);
  return result;
}

function countBoost(result: SettleResult, label: string | undefined) {
  if (!label) return;
  const seen = result.boosts.find((b) => b.label === label);
  if (seen) seen.fans += 1;
  else result.boosts.push({ label, fans: 1 });
}
