import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { authCall, lastMessage, newEmail, PASSWORD } from '../test/auth-fixtures.ts';
import { apiCall, createFan, createOrg, useTestApp } from '../test/test-app.ts';

const METRICS_TOKEN = 'scrape-token-0123456789';
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
// SMTP_URL set, as in every real deployment (its port refuses: the send fails and is recorded).
const t = useTestApp(
  { METRICS_TOKEN, SMTP_URL: 'smtp://127.0.0.1:9' },
  { logger: { level: 'info', stream: logStream } },
);

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics (decision 016)', () => {
  it('answers 401 without the bearer token or with a wrong one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${METRICS_TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(METRICS_TOKEN)).statusCode).toBe(401);
  });

  it('exposes request durations, ledger posts, refusals, pool and event-loop series after a journey', async () => {
    const fan = await createFan(t, await createOrg(t));
    expect((await apiCall(t, fan, 'POST', '/api/checkin', {})).statusCode).toBe(200);
    expect((await apiCall(t, fan, 'POST', '/api/checkin', {})).json().code).toBe('already_checked_in');
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
    expect(
      value(
        /paddock_http_request_duration_seconds_count\{method="POST",route="\/api\/checkin",status_code="200"\} (\d+)/,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(value(/paddock_ledger_posts_total\{result="applied"\} (\d+)/)).toBeGreaterThanOrEqual(1);
    expect(value(/paddock_refusals_total\{code="already_checked_in"\} (\d+)/)).toBeGreaterThanOrEqual(1);
    expect(value(/paddock_db_pool_size (\d+)/)).toBeGreaterThanOrEqual(1);
    expect(value(/paddock_nodejs_eventloop_lag_seconds ([\d.e-]+)/)).toBeGreaterThanOrEqual(0);
  });
});

describe('request ids and logs', () => {
  it('echoes a plain X-Request-Id, replaces an unsafe one, and generates one otherwise', async () => {
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/health', headers });
    expect((await get({ 'x-request-id': 'lb-7f3a.42' })).headers['x-request-id']).toBe('lb-7f3a.42');
    const unsafe = (await get({ 'x-request-id': 'a b\nforged log line' })).headers['x-request-id'];
    expect(unsafe).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get({})).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a full journey with request, user and team ids, and never a password, token or code', async () => {
    const org = await createOrg(t);
    const email = newEmail();
    const signUp = await authCall(t, org, 'POST', '/signup', { email, password: PASSWORD });
    expect(signUp.statusCode).toBe(200);
    const signIn = await authCall(t, org, 'POST', '/token?grant_type=password', {
      email,
      password: PASSWORD,
    });
    const refreshed = await authCall(t, org, 'POST', '/token?grant_type=refresh_token', {
      refresh_token: signIn.json().refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    await authCall(t, org, 'POST', '/recover', { email });
    const mail = await lastMessage(t, email);
    const verified = await authCall(t, org, 'POST', '/verify', { email, token: mail.code, type: 'recovery' });
    expect(verified.statusCode).toBe(200);
    const fan = await createFan(t, org);
    const checkin = await apiCall(t, fan, 'POST', '/api/checkin', {});
    expect(checkin.statusCode).toBe(200);

    const log = logLines.join('\n');
    const secrets = [
      PASSWORD,
      signUp.json().access_token,
      signUp.json().refresh_token,
      signIn.json().access_token,
      signIn.json().refresh_token,
      refreshed.json().refresh_token,
      verified.json().access_token,
      mail.code,
      new URL(mail.link!).searchParams.get('token'),
      fan.accessToken,
    ].filter((s): s is string => Boolean(s));
    expect(secrets.length).toBeGreaterThanOrEqual(9);
    for (const secret of secrets) expect(log).not.toContain(secret);

    const line = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.path === '/api/checkin' && l.userId === fan.user.id);
    expect(line).toMatchObject({
      reqId: checkin.headers['x-request-id'],
      organizationId: org.id,
      statusCode: 200,
      level: 30,
    });
  });
});
