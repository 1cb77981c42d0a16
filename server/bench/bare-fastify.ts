/**
 * The framework limit: an empty Fastify app in its own process, answering GET / with a small
 * JSON object through a response schema (as every Paddock route does). With a worker count
 * above 1 it runs as node:cluster like WORKERS=N (a primary forking that many processes on one
 * port), so the server's scaling is judged against the framework's own on the same machine.
 * Prints `ready` once every process listens. Usage: bare-fastify.ts <port> [workers]
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const workers = Number(process.argv[3] ?? 1);

if (cluster.isPrimary && workers > 1) {
  let listening = 0;
  for (let i = 0; i < workers; i++) {
    cluster.fork().once('listening', () => {
      if (++listening === workers) process.stdout.write('ready\n');
    });
  }
  process.once('SIGTERM', () => {
    const all = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    for (const worker of all) worker.process.kill('SIGTERM');
    const exits = all.map((w) => (w.isDead() ? null : new Promise((r) => w.once('exit', r))));
    void Promise.all(exits).then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
} else {
  const app = Fastify({ logger: false });
  app.get(
    '/',
    {
      schema: {
        response: {
          200: { type: 'object', properties: { hello: { type: 'string' } }, required: ['hello'] },
        },
      },
    },
    async () => ({ hello: 'world' }),
  );
  await app.listen({ port, host: '127.0.0.1' });
  if (cluster.isPrimary) process.stdout.write('ready\n');
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
