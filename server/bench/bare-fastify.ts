/**
 * The framework limit: an empty Fastify app in its own process, answering GET / with a small
 * JSON object through a response schema (as every Paddock route does). Usage: bare-fastify.ts <port>
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get(
  '/',
  {
    schema: {
      response: { 200: { type: 'object', properties: { hello: { type: 'string' } }, required: ['hello'] } },
    },
  },
  async () => ({ hello: 'world' }),
);
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
