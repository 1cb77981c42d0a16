import { writeAudit } from '../../admin/audit-service.ts';
import { csvCell } from '../../platform/csv.ts';
import type { OperatorCall } from '../../platform/service-call.ts';
import { fanContacts } from '../profile/fan-accounts.ts';
import { findSweepstake } from './sweepstake-service.ts';

const HEADER = [
  'entrant',
  'user_id',
  'email',
  'first_name',
  'last_name',
  'country',
  'entries',
  'free_entries',
  'points_spent',
  'winner_position',
  'winner_display_name',
];

/**
 * GET /api/admin/sweepstakes/{id}/entries.csv: every entrant, their entries and any win. The
 * export holds personal data (e-mail, names), so it is audited like a change.
 */
export async function entriesCsv(call: OperatorCall, id: string): Promise<string> {
  const { db } = call;
  await findSweepstake(db, call.org.id, id);
  const entries = await db
    .selectFrom('sweepstakeEntries as e')
    .leftJoin('sweepstakeWinners as w', (join) =>
      join.onRef('w.sweepstakeId', '=', 'e.sweepstakeId').onRef('w.entrant', '=', 'e.entrant'),
    )
    .select([
      'e.entrant',
      'e.userId',
      'e.count',
      'e.freeCount',
      'e.pointsSpent',
      'w.position',
      'w.displayName',
    ])
    .where('e.sweepstakeId', '=', id)
    .orderBy('e.entrant')
    .execute();
  const fans = await fanContacts(
    db,
    call.org.id,
    entries.map((e) => e.userId),
  );
  const lines = entries.flatMap((e) => {
    const fan = fans.get(e.userId);
    return fan ? [{ ...e, ...fan }] : [];
  });
  await writeAudit(call, {
    action: 'sweepstake.export_entries',
    targetType: 'sweepstake',
    targetId: id,
    after: { rows: lines.length },
  });
  const cells = (values: unknown[]) => values.map((v) => csvCell(v, 'always')).join(',');
  const body = lines.map((l) =>
    cells([
      l.entrant,
      l.userId,
      l.email,
      l.firstName,
      l.lastName,
      l.country,
      l.count,
      l.freeCount,
      l.pointsSpent,
      l.position,
      l.displayName,
    ]),
  );
  return `${[cells(HEADER), ...body].join('\r\n')}\r\n`;
}
