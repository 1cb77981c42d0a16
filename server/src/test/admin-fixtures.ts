import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { apiCall, type TestContext, type TestFan } from './test-app.ts';

type Method = NonNullable<InjectOptions['method']>;

/**
 * Every console route refuses a signed-in fan (403) and an anonymous caller (401) of the same
 * organization (product §11.1). A route without a body of its own is called with `{}`, unless it
 * is a GET or DELETE.
 */
export async function expectOperatorOnly(
  t: TestContext,
  fan: TestFan,
  routes: readonly (readonly [method: Method, url: string, body?: unknown])[],
) {
  for (const [method, url, ...rest] of routes) {
    const body = rest.length ? rest[0] : method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await apiCall(t, fan, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    expect((await apiCall(t, { org: fan.org }, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
  }
}

/** The audit lines written in the organization (about one target, or of one action), oldest first. */
export async function auditTrail(
  t: TestContext,
  organizationId: string,
  filter: { targetId?: string; action?: string } = {},
) {
  let query = t.db
    .selectFrom('auditLog')
    .select(['action', 'actorUserId'])
    .where('organizationId', '=', organizationId);
  if (filter.targetId) query = query.where('targetId', '=', filter.targetId);
  if (filter.action) query = query.where('action', '=', filter.action);
  return query.orderBy('id').execute();
}

/** Just the actions of auditTrail, oldest first. */
export const auditActions = async (...args: Parameters<typeof auditTrail>) =>
  (await auditTrail(...args)).map((a) => a.action);
