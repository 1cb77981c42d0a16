import type { FastifyRequest } from 'fastify';
import { fanRoles } from '../modules/profile/fan-accounts.ts';
import { forbidden } from '../platform/errors.ts';
import { type Caller, requireUser } from '../platform/request-context.ts';
import { type OperatorCall, orgCall } from '../platform/service-call.ts';

export const OPERATOR_ROLES = ['operator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * The caller must hold an operator or admin role in app_metadata.roles (set by an admin or
 * `npm run admin -- grant-role`). Roles are read from the database, never from the token,
 * so a revoked role takes effect at once. Anonymous → 401, fan → 403.
 */
export async function requireOperator(
  request: FastifyRequest,
  role: OperatorRole = 'operator',
): Promise<Caller> {
  const caller = requireUser(request);
  const roles = await fanRoles(request.server.deps.db, request.ctx.organization.id, caller.id);
  const allowed =
    role === 'admin'
      ? roles.includes('admin')
      : roles.some((r) => (OPERATOR_ROLES as readonly string[]).includes(r));
  if (!allowed) throw forbidden('This needs an operator account');
  return caller;
}

/** The operator's call (service-call.ts) after requireOperator: who acts, where and when. */
export async function operatorCall(
  request: FastifyRequest,
  role: OperatorRole = 'operator',
): Promise<OperatorCall> {
  const caller = await requireOperator(request, role);
  return { ...orgCall(request), actorUserId: caller.id };
}
