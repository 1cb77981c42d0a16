import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  createFan,
  createOrg,
  orgWithOperator,
  type TestFan,
  useTestApp,
  apiCallRaw,
} from '../test/test-app.ts';

/**
 * The hostile battery, generated from the OpenAPI document so a new route is covered without
 * editing this file: every /api route under every kind of bad credential, and every body field
 * of every write under hostile values. No 5xx, no success where a refusal is due, nothing of
 * another tenant in a body, nothing written by a refused request.
 */
const t = useTestApp({ RATE_LIMIT_SCALE: '1000', AUTH_RATE_LIMIT_SCALE: '1000' });

interface Route {
  method: string;
  path: string;
  bodyFields: [string, { type?: string }][];
}

async function routes(): Promise<Route[]> {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: {
            content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }>;
          };
        }
      >
    >;
  };
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      out.push({ method: method.toUpperCase(), path, bodyFields: Object.entries(schema?.properties ?? {}) });
    }
  }
  return out;
}

const fill = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function badTokens(fan: TestFan) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: fan.user.id,
    org: fan.org.id,
    role: 'authenticated',
    session_id: randomUUID(),
    aal: 'aal1',
  };
  const [header, payload] = fan.accessToken.split('.');
  const hs256 = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(JSON.stringify(t.deps.keys.publicJwk)));
  const expired = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: t.deps.keys.kid })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(t.deps.keys.privateKey);
  return {
    forged: `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`,
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'HS256 with the public key': hs256,
    expired,
    garbage: 'not-a-jwt',
  };
}

describe('hostile battery (every route from the OpenAPI document)', () => {
  it('every /api route × bad credentials: no 5xx, every bad token refused, admin never open to a fan', async () => {
    const all = await routes();
    expect(all.length).toBeGreaterThan(50);
    const { org, operator } = await orgWithOperator(t);
    const fan = await createFan(t, org);
    const other = await createOrg(t);
    const otherFan = await createFan(t, other);
    const tokens = await badTokens(fan);
    const failures: string[] = [];
    for (const route of all) {
      const url = fill(route.path, randomUUID());
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      const key = { 'x-organization-token': org.publishableKey };
      const where = `${route.method} ${route.path}`;
      for (const [kind, token] of Object.entries(tokens)) {
        const res = await send({ ...key, authorization: `Bearer ${token}` });
        if (res.statusCode !== 401) failures.push(`${where} with ${kind}: ${res.statusCode}`);
      }
      // Another tenant's session with this tenant's key.
      const cross = await send({ ...key, authorization: `Bearer ${otherFan.accessToken}` });
      if (cross.statusCode !== 401)
        failures.push(`${where} with another tenant's token: ${cross.statusCode}`);
      // No token at all, and the publishable key only.
      for (const headers of [{}, { ...key, authorization: `Bearer ${org.publishableKey}` }]) {
        const res = await send(headers);
        if (res.statusCode >= 500) failures.push(`${where} anonymous: ${res.statusCode}`);
        if (route.path.startsWith('/api/admin') && res.statusCode < 400)
          failures.push(`${where} anonymous: ${res.statusCode}`);
      }
      if (route.path.startsWith('/api/admin')) {
        const res = await send({ ...key, authorization: `Bearer ${fan.accessToken}` });
        if (res.statusCode !== 403 && res.statusCode !== 401)
          failures.push(`${where} as a fan: ${res.statusCode}`);
      }
      // The other tenant's operator on this tenant's key is refused; this tenant's ids never leak.
      const res = await send({
        'x-organization-token': other.publishableKey,
        authorization: `Bearer ${operator.accessToken}`,
      });
      if (res.statusCode !== 401) failures.push(`${where} with another tenant's key: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    // Nothing was written by any refused request.
    const ledger = await t.db
      .selectFrom('pointTransactions')
      .select('id')
      .where('organizationId', 'in', [org.id, other.id])
      .execute();
    expect(ledger).toEqual([]);
  }, 120_000);

  it('every body field of every write × hostile values: never a 5xx, never another tenant in a body', async () => {
    const writes = (await routes()).filter((r) => r.bodyFields.length > 0);
    expect(writes.length).toBeGreaterThan(30);
    const { operator } = await orgWithOperator(t);
    const other = await createOrg(t);
    const hostile: unknown[] = [
      { nested: true },
      12345,
      'x'.repeat(100_000),
      'a\u0000b',
      'a\ud800b',
      '\u202egnp.exe',
      "'; drop table users; --",
      '<img src=x onerror=alert(1)>',
      null,
      [],
    ];
    const failures: string[] = [];
    let n = 0;
    for (const route of writes) {
      const url = fill(route.path, randomUUID());
      const variants: unknown[] = [{}, { unexpected: 'field' }, 'not an object'];
      for (const [field] of route.bodyFields)
        variants.push({ [field]: hostile[n++ % hostile.length] }, { [field]: hostile[n++ % hostile.length] });
      for (const body of variants) {
        const res = await apiCallRaw(
          t,
          operator,
          route.method as 'POST',
          url,
          'application/json',
          JSON.stringify(body),
        );
        const where = `${route.method} ${route.path} ${JSON.stringify(body).slice(0, 60)}`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (res.body.includes(other.id) || res.body.includes(other.publishableKey))
          failures.push(`${where}: other tenant in body`);
      }
    }
    expect(failures).toEqual([]);
    expect(n).toBeGreaterThan(200);
  }, 120_000);
});
