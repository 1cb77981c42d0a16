import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * Graceful stop (decision 014, realtime-compat §9.3): a process that stops tells each live
 * client 1012 "service restart", so the client reconnects through the load balancer to a
 * process that is up, and the stop does not wait on sockets.
 */
describe('realtime on a graceful stop', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('closes every socket with 1012 and a reason, then the app finishes closing', async () => {
    const org = await createOrg(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(
      `${base.replace('http', 'ws')}/realtime/v1/websocket?apikey=${org.publishableKey}&vsn=1.0.0`,
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    const started = Date.now();
    await t.close();
    expect(await closed).toEqual({ code: 1012, reason: 'Server restarting: reconnect' });
    // The client answered the closing handshake: nothing waited for the one-second cut-off.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
