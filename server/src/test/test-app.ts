import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.ts';
import { generatePrivateJwk } from '../auth/signing-keys.ts';
import { createDeps } from '../bootstrap.ts';
import { parseEnv, type Secrets } from '../config.ts';
import type { Database } from '../db/engine.ts';
import type { Organization, User } from '../db/schema.ts';
import { ManualClock } from '../platform/clock.ts';
import type { AppDeps } from '../bootstrap.ts';
import { newReferralCode } from '../modules/referral/referral-code.ts';
import { seedOrganization } from '../seed/organization-seed.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
/** True when this run talks to a real PostgreSQL server (concurrency tests need one). */
export const onRealPostgres = Boolean(TEST_DATABASE_URL);

/**
 * The migrated template every in-memory PGlite of this run starts from (written once by
 * server/test/pglite-global-setup.ts), read once per file; none on PostgreSQL.
 */
let template: Promise<{ loadDataDir?: Uint8Array }> | undefined;
const pgliteTemplate = () => {
  template ??= (async () => {
    const file = TEST_DATABASE_URL ? undefined : inject('pgliteTemplate');
    return file ? { loadDataDir: new Uint8Array(await readFile(file)) } : {};
  })();
  return template;
};

/** The test clock's time when an app starts. */
export const TEST_START = '2026-06-01T12:00:00Z';

let secrets: Promise<Secrets> | undefined;
const testSecrets = () => {
  secrets ??= generatePrivateJwk().then((jwk) => ({ jwtPrivateJwk: jwk, appSecret: 'x'.repeat(64) }));
  return secrets;
};

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  db: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

/**
 * A real app on a real database: an in-memory PGlite per test file, or the PostgreSQL at
 * TEST_DATABASE_URL. Tests isolate by creating their own organization and fans.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  buildOptions: Pick<BuildOptions, 'onRoute' | 'logger' | 'serveWeb' | 'webDist'> = {},
): Promise<TestContext> {
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(tmpdir(), `paddock-test-${randomUUID()}`),
    DATABASE_URL: TEST_DATABASE_URL,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // A busy test machine lags; overload protection has its own test (platform/overload.test.ts).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    // Tests move many requests through one fan in one frozen minute: limits are raised, never
    // removed (decision 014). Tests of the limits themselves set RATE_LIMIT_SCALE.
    RATE_LIMIT_SCALE: '1000',
    // Concurrency tests queue hundreds of writes on one row of a shared, busy machine; the
    // production bound (5 s) is tested by the outage suite, which sets its own.
    DATABASE_STATEMENT_TIMEOUT_MS: '60000',
    // …and 200 requests queue for 20 pooled connections behind that one row: on a loaded CI
    // machine the production wait (3 s) ran out and answered 503s the test did not expect.
    DATABASE_POOL_WAIT_MS: '60000',
    ...envOverrides,
  });
  const clock = new ManualClock(new Date(TEST_START));
  const { deps, database } = await createDeps(env, {
    clock,
    secrets: await testSecrets(),
    dataDirForDb: null,
    ...(await pgliteTemplate()),
  });
  const app = await buildApp(deps, { serveWeb: false, ...buildOptions });
  await app.ready();
  return {
    app,
    deps,
    db: deps.db,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The preamble of a test file: one app on its own database, created before the file's first
 * test and closed after its last. The context it returns is read inside tests and hooks (its
 * fields throw outside them, before the app exists).
 */
export function useTestApp(
  envOverrides: Record<string, string> = {},
  buildOptions: Pick<BuildOptions, 'onRoute' | 'logger' | 'serveWeb' | 'webDist'> = {},
): TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(envOverrides, buildOptions);
  });
  afterAll(() => ctx?.close());
  const live = () => {
    if (!ctx) throw new Error('useTestApp: the app exists inside tests and hooks only');
    return ctx;
  };
  return {
    get app() {
      return live().app;
    },
    get deps() {
      return live().deps;
    },
    get db() {
      return live().db;
    },
    get clock() {
      return live().clock;
    },
    close: () => live().close(),
  };
}

/**
 * useTestApp for files whose tests move the clock (streaks, windows, timers): every test starts
 * again at TEST_START, so none depends on how far an earlier one moved it.
 */
export function useTimedTestApp(...args: Parameters<typeof useTestApp>): TestContext {
  const t = useTestApp(...args);
  beforeEach(() => t.clock.set(TEST_START));
  return t;
}

export async function createOrg(
  t: TestContext,
  opts: { loggedOffDashboard?: boolean; timeZone?: string } = {},
) {
  const slug = `org-${randomUUID().slice(0, 8)}`;
  return seedOrganization(t.db, { slug, name: `Team ${slug}`, ...opts });
}

/** A new organization and an operator of it (the usual start of a console test). */
export async function orgWithOperator(
  t: TestContext,
  opts: Parameters<typeof createOrg>[1] = {},
  operator: Parameters<typeof createFan>[2] = {},
) {
  const org = await createOrg(t, opts);
  return { org, operator: await createFan(t, org, { roles: ['operator'], ...operator }) };
}

export interface TestFan {
  user: User;
  accessToken: string;
  refreshToken: string;
  org: Organization;
  password: string;
}

const passwordHash = hash('correct-horse-battery');

/** A confirmed, onboarded adult fan with a live session (unless overridden). */
export async function createFan(
  t: TestContext,
  org: Organization,
  overrides: Partial<
    Pick<
      User,
      | 'birthday'
      | 'firstName'
      | 'lastName'
      | 'points'
      | 'lifetimePoints'
      | 'onboardedAt'
      | 'phoneNumber'
      | 'country'
    >
  > & {
    email?: string;
    roles?: string[];
  } = {},
): Promise<TestFan> {
  const { roles, email, ...profile } = overrides;
  const user = await t.db
    .insertInto('users')
    .values({
      organizationId: org.id,
      email: email ?? `fan-${randomUUID().slice(0, 8)}@example.com`,
      encryptedPassword: await passwordHash,
      emailConfirmedAt: t.clock.now(),
      appMetadata: JSON.stringify(roles ? { roles } : {}),
      userMetadata: JSON.stringify({}),
      properties: JSON.stringify({}),
      firstName: 'Test',
      lastName: 'Fan',
      birthday: '1990-01-01',
      onboardedAt: t.clock.now(),
      referralCode: newReferralCode(),
      ...profile,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const session = await t.deps.tokens.createSession(t.db, user, { amr: 'password' });
  return {
    user,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    org,
    password: 'correct-horse-battery',
  };
}

type Caller = TestFan | { org: Organization; accessToken?: undefined };

/** The headers of a fan's call (or an anonymous one, with the publishable key). */
const callerHeaders = (as: Caller): Record<string, string> => ({
  'x-organization-token': as.org.publishableKey,
  authorization: `Bearer ${as.accessToken ?? as.org.publishableKey}`,
});

/** An HTTP call to the product API as a fan (or anonymously with the publishable key). */
export function apiCall(
  t: TestContext,
  as: Caller,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
) {
  const headers = callerHeaders(as);
  return t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}

/** apiCall with a body sent as it is, under its own content type: uploads, broken or oversized bodies. */
export function apiCallRaw(
  t: TestContext,
  as: Caller,
  method: InjectOptions['method'],
  url: string,
  contentType: string,
  payload: string | Buffer,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...callerHeaders(as), 'content-type': contentType },
    payload,
  });
}

const clockSessions = new Map<string, { at: number; token: string }>();

/**
 * apiCall with a session issued at the test clock's time, for tests that move the clock by
 * days, past the access token's one-hour lifetime (a session is reused within 30 minutes).
 */
export async function apiCallAtClock(
  t: TestContext,
  as: TestFan | { org: Organization; accessToken?: undefined },
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
) {
  if (!('user' in as)) return apiCall(t, as, method, url, body);
  const now = t.clock.now().getTime();
  let session = clockSessions.get(as.user.id);
  if (!session || Math.abs(now - session.at) > 30 * 60_000) {
    const issued = await t.deps.tokens.createSession(t.db, as.user, { amr: 'password' });
    session = { at: now, token: issued.access_token };
    clockSessions.set(as.user.id, session);
  }
  return apiCall(t, { ...as, accessToken: session.token }, method, url, body);
}
