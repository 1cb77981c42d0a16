import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { LOG_FLUSH_MS, loggerOptions, requestLog } from './request-log.ts';

/** A Fastify app configured like app.ts's logging, writing its JSON log lines into an array. */
async function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  await app.register(requestLog);
  app.get('/healthz', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('request log', () => {
  it('writes one info line per request with method, path, status and time', async () => {
    const { app, lines } = await appWithLog();
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.close();
    const requests = lines.filter((line) => 'statusCode' in line);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 30, method: 'GET', path: '/healthz', statusCode: 200 });
    expect(String(requests[0]?.msg)).toMatch(/^GET \/healthz 200 \d+ ms$/);
    expect(requests[1]).toMatchObject({ path: '/missing', statusCode: 404 });
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(
      false,
    );
  });

  it('leaves the query string (e-mail link tokens) out of the log', async () => {
    const { app, lines } = await appWithLog();
    await app.inject({ method: 'GET', url: '/healthz?token=secret-token' });
    await app.close();
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});

describe('the server process log (not a terminal)', () => {
  const logFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'paddock-log-')), 'server.log');
  const linesOf = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).msg);

  it('gathers lines and writes every one of them on flush, in order', async () => {
    const file = logFile();
    const options = loggerOptions('info', false, file);
    const log = pino({ level: options.level }, options.stream);
    await options.flush();
    for (let i = 1; i <= 3; i++) log.info(`GET /api/user/me 200 ${i} ms`);
    // Three short lines are far below the buffer: nothing is written per line.
    expect(linesOf(file)).toEqual([]);
    await options.flush();
    expect(linesOf(file)).toEqual([
      'GET /api/user/me 200 1 ms',
      'GET /api/user/me 200 2 ms',
      'GET /api/user/me 200 3 ms',
    ]);
  });

  it('writes what a quiet server logged within LOG_FLUSH_MS, without a flush', async () => {
    const file = logFile();
    const options = loggerOptions('info', false, file);
    const log = pino({ level: options.level }, options.stream);
    await options.flush();
    log.info('database migrated');
    const deadline = Date.now() + LOG_FLUSH_MS * 3;
    while (linesOf(file).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(linesOf(file)).toEqual(['database migrated']);
  });
});
