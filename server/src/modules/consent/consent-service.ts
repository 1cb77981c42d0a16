import type { Consent, ConsentUpdate } from '@paddock/contracts/api/consent';
import type { Database } from '../../db/engine.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { accountGone, lockFanOnly } from '../profile/fan-accounts.ts';
import { completeProfileIfReady } from '../profile/profile-completion.ts';

async function consentsOf(db: Database, organizationId: string, userId: string, typeId?: string) {
  let query = db
    .selectFrom('consentTypes as ct')
    .leftJoin('userConsents as uc', (join) =>
      join.onRef('uc.consentTypeId', '=', 'ct.id').on('uc.userId', '=', userId),
    )
    .select(['ct.id', 'ct.key', 'ct.name', 'ct.description', 'ct.required', 'uc.value'])
    .where('ct.organizationId', '=', organizationId);
  if (typeId) query = query.where('ct.id', '=', typeId);
  const rows = await query.orderBy('ct.sortOrder').orderBy('ct.name').execute();
  return rows.map(
    (r): Consent => ({
      id: r.id,
      consentId: r.key,
      name: r.name,
      description: r.description,
      required: r.required,
      value: r.value ?? 0,
      enabled: (r.value ?? 0) > 0,
    }),
  );
}

/** GET /consent/user: every consent type of the organization with the fan's answer (0 when none). */
export function listConsents(call: FanCall) {
  return consentsOf(call.db, call.org.id, call.userId);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * PATCH /consent/user/{id}: sets the fan's answer and appends a consent_history row for every
 * change (what was given, withdrawn and when must be provable later). Accepting the last
 * required consent may complete the profile (product §2 welcome flow), so that is re-checked
 * in the same transaction.
 */
export async function updateConsent(
  call: FanCall,
  consentTypeId: string,
  body: ConsentUpdate,
): Promise<Consent> {
  const { db, userId, now } = call;
  const organizationId = call.org.id;
  return db.transaction().execute(async (trx) => {
    if (!(await lockFanOnly(trx, organizationId, userId))) throw accountGone();
    const type = await trx
      .selectFrom('consentTypes')
      .select(['id', 'key', 'required'])
      .where('id', '=', consentTypeId)
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!type) throw notFound('Consent');
    if (body.consentId !== undefined && body.consentId !== type.key && body.consentId !== type.id) {
      throw unprocessable(
        'consent_mismatch',
        `consentId "${body.consentId}" does not name the consent ${type.key} of the path`,
      );
    }
    const previous = await trx
      .selectFrom('userConsents')
      .select(['value', 'data'])
      .where('userId', '=', userId)
      .where('consentTypeId', '=', type.id)
      .executeTakeFirst();
    // Product §10.12: a required consent (the terms) is withdrawn only by an explicit act, never
    // as a side effect of saving a form with the box left unticked.
    if (type.required && body.value === 0 && (previous?.value ?? 0) > 0 && body.withdraw !== true) {
      throw unprocessable(
        'required_consent',
        'This consent is required; withdrawing it needs an explicit confirmation (withdraw: true)',
      );
    }
    const data = body.data === undefined ? (previous?.data ?? null) : body.data;
    const changed = !previous || previous.value !== body.value || !sameJson(previous.data, data);
    if (changed) {
      const json = data === null ? null : JSON.stringify(data);
      await trx
        .insertInto('userConsents')
        .values({
          organizationId,
          userId,
          consentTypeId: type.id,
          value: body.value,
          data: json,
          updatedAt: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['userId', 'consentTypeId'])
            .doUpdateSet({ value: body.value, data: json, updatedAt: now }),
        )
        .execute();
      await trx
        .insertInto('consentHistory')
        .values({
          organizationId,
          userId,
          consentTypeId: type.id,
          previousValue: previous?.value ?? null,
          value: body.value,
          data: json,
          changedAt: now,
        })
        .execute();
      await completeProfileIfReady(trx, organizationId, userId, now);
    }
    const [consent] = await consentsOf(trx, organizationId, userId, type.id);
    return consent!;
  });
}
