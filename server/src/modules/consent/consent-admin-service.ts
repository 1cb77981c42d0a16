import type {
  ConsentType,
  consentTypeCreateSchema,
  consentTypePatchSchema,
} from '@paddock/contracts/api/admin';
import type { z } from 'zod';
import { writeAudit } from '../../admin/audit-service.ts';
import type { Database } from '../../db/engine.ts';
import { deleteOrgRow } from '../../db/org-rows.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { OperatorCall, OrgCall } from '../../platform/service-call.ts';
import { isUniqueViolation } from '../../platform/sql-errors.ts';

const consentColumns = ['id', 'key', 'name', 'description', 'required', 'sortOrder'] as const;

/** GET /admin/consent-types: the consents fans are asked for. */
export async function listConsentTypes(call: OrgCall): Promise<ConsentType[]> {
  return call.db
    .selectFrom('consentTypes')
    .select(consentColumns)
    .where('organizationId', '=', call.org.id)
    .orderBy('sortOrder')
    .orderBy('key')
    .execute();
}

export async function createConsentType(call: OperatorCall, body: z.infer<typeof consentTypeCreateSchema>) {
  try {
    return await call.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('consentTypes')
        .values({ ...body, organizationId: call.org.id })
        .returning(consentColumns)
        .executeTakeFirstOrThrow();
      await writeAudit(
        { ...call, db: trx },
        { action: 'consent_type.create', targetType: 'consent_type', targetId: row.id, after: row },
      );
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('duplicate_key', `A consent type "${body.key}" exists`);
    throw error;
  }
}

async function lockConsentType(trx: Database, organizationId: string, id: string) {
  const row = await trx
    .selectFrom('consentTypes')
    .select(consentColumns)
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Consent type');
  return row;
}

export async function updateConsentType(
  call: OperatorCall,
  id: string,
  patch: z.infer<typeof consentTypePatchSchema>,
) {
  return call.db.transaction().execute(async (trx) => {
    const before = await lockConsentType(trx, call.org.id, id);
    const after =
      Object.keys(patch).length === 0
        ? before
        : await trx
            .updateTable('consentTypes')
            .set(patch)
            .where('id', '=', id)
            .where('organizationId', '=', call.org.id)
            .returning(consentColumns)
            .executeTakeFirstOrThrow();
    await writeAudit(
      { ...call, db: trx },
      { action: 'consent_type.update', targetType: 'consent_type', targetId: id, before, after },
    );
    return after;
  });
}

/**
 * Deleting a consent type removes the fans' answers to it (cascade). A required type (e.g. the
 * terms) is refused: fans could otherwise be left without the acceptance the product relies on.
 */
export async function deleteConsentType(call: OperatorCall, id: string) {
  return call.db.transaction().execute(async (trx) => {
    const before = await lockConsentType(trx, call.org.id, id);
    if (before.required) {
      throw unprocessable(
        'consent_required',
        'A required consent type cannot be deleted; make it optional first',
      );
    }
    await deleteOrgRow(trx, 'consentTypes', call.org.id, id);
    await writeAudit(
      { ...call, db: trx },
      { action: 'consent_type.delete', targetType: 'consent_type', targetId: id, before },
    );
  });
}
