import type { Sweepstake, SweepstakeClaimBody } from '@paddock/contracts/api/sweepstakes';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/engine.ts';
import { unprocessable } from '../../platform/errors.ts';
import { sendMessage } from '../../platform/outbox.ts';
import type { FanCall, OrgCall } from '../../platform/service-call.ts';
import { fanContacts } from '../profile/fan-accounts.ts';
import {
  claimDeadline,
  findSweepstake,
  getSweepstake,
  sweepstakesChanged,
  winnersOf,
} from './sweepstake-service.ts';

/**
 * POST /sweepstake/{id}/claim (product §10.6): a winner gives the name and the address (or the
 * confirmed e-mail) the prize goes to, once, before drawnAt + claimDays on the server's clock.
 * 422 not_a_winner, already_claimed, claim_expired.
 */
export async function claimPrize(call: FanCall, id: string, body: SweepstakeClaimBody): Promise<Sweepstake> {
  await call.db.transaction().execute(async (trx) => {
    const row = await findSweepstake(trx, call.org.id, id, 'update');
    const winner = await trx
      .selectFrom('sweepstakeWinners')
      .select(['position', 'claimedAt'])
      .where('sweepstakeId', '=', id)
      .where('userId', '=', call.userId)
      .executeTakeFirst();
    if (!winner) throw unprocessable('not_a_winner', 'Only a winner of this sweepstake can claim its prize');
    if (winner.claimedAt) throw unprocessable('already_claimed', 'You have already claimed this prize');
    const deadline = claimDeadline(row);
    if (!deadline || call.now.getTime() > deadline.getTime()) {
      throw unprocessable('claim_expired', 'The time to claim this prize has passed');
    }
    await trx
      .updateTable('sweepstakeWinners')
      .set({ claimedAt: call.now, claimName: body.name, claimContact: body.contact })
      .where('sweepstakeId', '=', id)
      .where('userId', '=', call.userId)
      .execute();
  });
  // The winner's claim shows in their view of the sweepstake (decision 032).
  sweepstakesChanged(call.db, call.org.id);
  return getSweepstake(call, id);
}

/**
 * After a draw, each winner is e-mailed through the outbox (the existing mail path): what they
 * won, how to claim and by when. Sent after the draw commits; a failed send is recorded on the
 * outbox row and never undoes the draw.
 */
export async function tellWinners(
  deps: { db: Database; config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'> },
  log: FastifyBaseLogger,
  call: OrgCall,
  id: string,
  siteUrl: string,
) {
  const row = await findSweepstake(call.db, call.org.id, id);
  const winners = (await winnersOf(call.db, [id])).get(id) ?? [];
  const contacts = await fanContacts(
    call.db,
    call.org.id,
    winners.flatMap((w) => (w.userId ? [w.userId] : [])),
  );
  const deadline = claimDeadline(row);
  for (const w of winners) {
    const email = w.userId ? contacts.get(w.userId)?.email : null;
    if (!email) continue;
    const link = `${siteUrl}/sweepstakes/${id}`;
    await sendMessage(deps, log, {
      organizationId: call.org.id,
      channel: 'email',
      recipient: email,
      subject: `You won: ${row.prize}`,
      body: [
        `Congratulations ${w.displayName}! You won "${row.title}": ${row.prize}.`,
        row.claimInstructions.trim(),
        `Claim your prize by ${deadline?.toUTCString() ?? ''}: ${link}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      payload: { kind: 'sweepstake_win', sweepstakeId: id, userId: w.userId, position: w.position, link },
    });
  }
}
