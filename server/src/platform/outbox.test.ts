import { describe, expect, it } from 'vitest';
import { createOrg, useTestApp } from '../test/test-app.ts';
import { ManualClock } from './clock.ts';
import { sendMessage } from './outbox.ts';
import { RateLimiter } from './rate-limit.ts';

const t = useTestApp();

describe('outbox', () => {
  it('writes the message to the outbox table; without SMTP_URL nothing is sent', async () => {
    const org = await createOrg(t);
    const id = await sendMessage({ db: t.db, config: { MAIL_FROM: 'x@y.z' } }, t.app.log, {
      organizationId: org.id,
      channel: 'email',
      recipient: 'fan@example.com',
      subject: 'Hi',
      body: 'Your code: 123456',
      payload: { code: '123456' },
    });
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      channel: 'email',
      recipient: 'fan@example.com',
      subject: 'Hi',
      sentAt: null,
      error: null,
    });
    expect(row.payload).toEqual({ code: '123456' });
  });

  it('with SMTP_URL it sends through SMTP; a failed send is recorded on the row, not thrown', async () => {
    const org = await createOrg(t);
    const id = await sendMessage(
      { db: t.db, config: { MAIL_FROM: 'x@y.z', SMTP_URL: 'smtp://127.0.0.1:1' } },
      t.app.log,
      { organizationId: org.id, channel: 'email', recipient: 'fan@example.com', body: 'hello' },
    );
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sentAt).toBeNull();
    expect(row.error).toBeTruthy();
  });
});

describe('rate limiter', () => {
  it('allows limit × scale hits per fixed window, then again in the next window', async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const limiter = new RateLimiter(clock, 0.5);
    const rule = { limit: 4, windowMs: 60_000 };
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await limiter.allow('k', rule));
    expect(hits).toEqual([true, true, false]);
    expect(await limiter.allow('other', rule)).toBe(true);
    clock.advance(60_000);
    expect(await limiter.allow('k', rule)).toBe(true);
  });
});
