import type { FastifyRequest } from 'fastify';
import { forbidden } from '../platform/errors.ts';
import { type Caller, requireUser } from '../platform/request-context.ts';

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
  const user = await request.server.deps.db
    .selectFrom('users')
    .select('appMetadata')
    .where('id', '=', caller.id)
    .where('organizationId', '=', request.ctx.organization.id)
    .executeTakeFirst();
  const roles = (user?.appMetadata.roles as string[] | undefined) ?? [];
  const allowed =
    role === 'admin'
      ? roles.includes('admin')
      : roles.some((r) => (OPERATOR_ROLES as readonly string[]).includes(r));
  if (!allowed) throw forbidden('This needs an operator account');
  return caller;
}
