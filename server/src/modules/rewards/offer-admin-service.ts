import type {
  AdminOffer,
  AdminOfferCreate,
  AdminOfferUpdate,
  OfferCodeImportResult,
} from '@paddock/contracts/api/offers';
import type { RankCode } from '@paddock/contracts';
import { writeAudit } from '../../admin/audit-service.ts';
import type { Database } from '../../db/engine.ts';
import { findOrgRow } from '../../db/org-rows.ts';
import { csvCell } from '../../platform/csv.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { assertMedia, noSuchMedia } from '../files/files-service.ts';
import { fanContacts } from '../profile/fan-accounts.ts';
import { type OfferRow, offerBasics, remainingOf } from './offer-service.ts';

async function codeCounts(db: Database, offerIds: string[]) {
  const counts = new Map<string, { total: number; available: number }>();
  if (offerIds.length === 0) return counts;
  const rows = await db
    .selectFrom('offerCodes')
    .select((eb) => [
      'offerId',
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('claimedAt', 'is', null).as('available'),
    ])
    .where('offerId', 'in', offerIds)
    .groupBy('offerId')
    .execute();
  for (const r of rows) counts.set(r.offerId, { total: Number(r.total), available: Number(r.available) });
  return counts;
}

function presentAdmin(row: OfferRow, now: Date, codes: { total: number; available: number }): AdminOffer {
  return {
    ...offerBasics(row, now),
    imageMediaId: row.mediaId,
    minRankCode: row.minRankCode as RankCode | null,
    stock: row.stock,
    instruction: row.instruction,
    claimedCount: row.claimedCount,
    codesTotal: codes.total,
    codesAvailable: codes.available,
    remaining: remainingOf(row, codes.available),
    archived: row.archivedAt !== null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function listAdminOffers(call: OrgCall): Promise<AdminOffer[]> {
  const { db, now } = call;
  const organizationId = call.org.id;
  const rows = await db
    .selectFrom('offers')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('startsAt', 'desc')
    .orderBy('id')
    .execute();
  const codes = await codeCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentAdmin(r, now, codes.get(r.id) ?? { total: 0, available: 0 }));
}

async function loadOffer(db: Database, organizationId: string, id: string) {
  const row = await findOrgRow(db, 'offers', organizationId, id);
  if (!row) throw notFound('Offer');
  return row;
}

export async function getAdminOffer(call: OrgCall, id: string) {
  const row = await loadOffer(call.db, call.org.id, id);
  const codes = await codeCounts(call.db, [id]);
  return presentAdmin(row, call.now, codes.get(id) ?? { total: 0, available: 0 });
}

export async function createOffer(call: OperatorCall, input: AdminOfferCreate): Promise<AdminOffer> {
  const { now } = call;
  const actor = { organizationId: call.org.id };
  return call.db.transaction().execute(async (trx) => {
    await assertMedia(trx, actor.organizationId, [input.imageMediaId], noSuchMedia);
    const row = await trx
      .insertInto('offers')
      .values({
        organizationId: actor.organizationId,
        title: input.title,
        body: input.text,
        mediaId: input.imageMediaId ?? null,
        cost: input.cost,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        minRankCode: input.minRankCode ?? null,
        minAge: input.minAge ?? null,
        stock: input.stock ?? null,
        redemption: input.redemption,
        instruction: input.instruction,
        archivedAt: input.archived ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const presented = presentAdmin(row, now, { total: 0, available: 0 });
    await writeAudit(
      { ...call, db: trx },
      { action: 'offer.create', targetType: 'offer', targetId: row.id, after: presented },
    );
    return presented;
  });
}

/**
 * PATCH /admin/offers/{id}. product §4: the fan's claimed state is re-read from the server after an
 * update (it lives in offer_claims, never on the offer), so an edit cannot lose a claim. The
 * stock may not drop below the claims already made, and the redemption kind is fixed once
 * codes were imported or claims made.
 */
export async function updateOffer(
  call: OperatorCall,
  id: string,
  input: AdminOfferUpdate,
): Promise<AdminOffer> {
  const { now } = call;
  const actor = { organizationId: call.org.id };
  return call.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', id)
      .where('organizationId', '=', actor.organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Offer');
    await assertMedia(trx, actor.organizationId, [input.imageMediaId], noSuchMedia);
    const startsAt = new Date(input.startsAt ?? before.startsAt);
    const endsAt = new Date(input.endsAt ?? before.endsAt);
    if (endsAt <= startsAt) throw unprocessable('invalid_window', 'endsAt must be after startsAt');
    const redemption = input.redemption ?? before.redemption;
    const instruction = input.instruction ?? before.instruction;
    if (redemption === 'instruction' && instruction.trim() === '') {
      throw unprocessable('instruction_required', 'An instruction offer needs the instruction text');
    }
    if (input.stock !== undefined && input.stock !== null && input.stock < before.claimedCount) {
      throw unprocessable(
        'stock_below_claims',
        `The stock cannot be below the ${before.claimedCount} claims already made`,
        { claimedCount: before.claimedCount },
      );
    }
    const codesBefore = (await codeCounts(trx, [id])).get(id) ?? { total: 0, available: 0 };
    if (redemption !== before.redemption && (before.claimedCount > 0 || codesBefore.total > 0)) {
      throw unprocessable(
        'redemption_locked',
        'The redemption kind cannot change once codes were imported or claims made',
      );
    }
    const row = await trx
      .updateTable('offers')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.text !== undefined && { body: input.text }),
        ...(input.imageMediaId !== undefined && { mediaId: input.imageMediaId }),
        ...(input.cost !== undefined && { cost: input.cost }),
        ...(input.minRankCode !== undefined && { minRankCode: input.minRankCode }),
        ...(input.minAge !== undefined && { minAge: input.minAge }),
        ...(input.stock !== undefined && { stock: input.stock }),
        ...(input.archived !== undefined && {
          archivedAt: input.archived ? (before.archivedAt ?? now) : null,
        }),
        startsAt,
        endsAt,
        redemption,
        instruction,
        updatedAt: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = presentAdmin(row, now, codesBefore);
    await writeAudit(
      { ...call, db: trx },
      {
        action: 'offer.update',
        targetType: 'offer',
        targetId: id,
        before: presentAdmin(before, now, codesBefore),
        after,
      },
    );
    return after;
  });
}

const HEADER_WORDS = new Set(['code', 'codes', 'coupon', 'voucher', 'promo_code', 'promocode']);
const MAX_CODES_PER_IMPORT = 100_000;

/** One code per line, the first column when the file has several; header optional; quotes stripped. */
export function parseCodesCsv(csv: string): string[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const codes: string[] = [];
  for (const [index, line] of lines.entries()) {
    let first = line.split(/[,;\t]/)[0] ?? '';
    first = first
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replaceAll('""', '"')
      .trim();
    if (!first) continue;
    if (index === 0 && HEADER_WORDS.has(first.toLowerCase())) continue;
    codes.push(first);
  }
  return codes;
}

/**
 * POST /admin/offers/{id}/codes: adds unique codes to the pool. A code already in the pool or
 * repeated in the file is reported and skipped (the unique (offer_id, code) key decides, so two
 * imports racing cannot add one code twice).
 */
export async function importCodes(
  call: OperatorCall,
  id: string,
  csv: string,
): Promise<OfferCodeImportResult> {
  const actor = { organizationId: call.org.id };
  return call.db.transaction().execute(async (trx) => {
    const offer = await loadOffer(trx, actor.organizationId, id);
    if (offer.redemption !== 'codes') {
      throw unprocessable('not_a_code_offer', 'This offer hands out an instruction, not codes');
    }
    const parsed = parseCodesCsv(csv);
    if (parsed.length === 0) throw unprocessable('no_codes', 'The file holds no codes (one code per line)');
    if (parsed.length > MAX_CODES_PER_IMPORT) {
      throw unprocessable('too_many_codes', `Import at most ${MAX_CODES_PER_IMPORT} codes at a time`);
    }
    const tooLong = parsed.find((c) => c.length > 200);
    if (tooLong)
      throw unprocessable('invalid_code', `Codes are at most 200 characters: ${tooLong.slice(0, 40)}…`);
    const duplicates: string[] = [];
    const unique: string[] = [];
    const seen = new Set<string>();
    for (const c of parsed) {
      if (seen.has(c)) duplicates.push(c);
      else {
        seen.add(c);
        unique.push(c);
      }
    }
    const inserted = new Set<string>();
    for (let i = 0; i < unique.length; i += 1000) {
      const chunk = unique.slice(i, i + 1000);
      const rows = await trx
        .insertInto('offerCodes')
        .values(chunk.map((code) => ({ organizationId: actor.organizationId, offerId: id, code })))
        .onConflict((oc) => oc.columns(['offerId', 'code']).doNothing())
        .returning('code')
        .execute();
      for (const r of rows) inserted.add(r.code);
    }
    for (const c of unique) if (!inserted.has(c)) duplicates.push(c);
    const counts = (await codeCounts(trx, [id])).get(id) ?? { total: 0, available: 0 };
    await writeAudit(
      { ...call, db: trx },
      {
        action: 'offer.import_codes',
        targetType: 'offer',
        targetId: id,
        after: { imported: inserted.size, duplicates: duplicates.length, codesTotal: counts.total },
      },
    );
    return {
      imported: inserted.size,
      duplicates,
      codesTotal: counts.total,
      codesAvailable: counts.available,
    };
  });
}

/** GET /admin/offers/{id}/claims.csv: who claimed what and when, oldest first. */
export async function claimsCsv(call: OrgCall, id: string): Promise<string> {
  const { db } = call;
  const organizationId = call.org.id;
  await loadOffer(db, organizationId, id);
  const rows = await db
    .selectFrom('offerClaims as c')
    .leftJoin('offerCodes as k', 'k.id', 'c.codeId')
    .select(['c.claimedAt', 'c.userId', 'k.code', 'c.pointsSpent'])
    .where('c.offerId', '=', id)
    .where('c.organizationId', '=', organizationId)
    .orderBy('c.claimedAt')
    .orderBy('c.id')
    .execute();
  const fans = await fanContacts(
    db,
    organizationId,
    rows.map((r) => r.userId),
  );
  const header = 'claimed_at,user_id,email,first_name,last_name,code,points_spent';
  const lines = rows.flatMap((r) => {
    const fan = fans.get(r.userId);
    if (!fan) return [];
    return [
      [
        new Date(r.claimedAt).toISOString(),
        r.userId,
        fan.email,
        fan.firstName,
        fan.lastName,
        r.code,
        r.pointsSpent,
      ]
        .map((v) => csvCell(v))
        .join(','),
    ];
  });
  return `${[header, ...lines].join('\n')}\n`;
}
