import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Vite names every file under /assets/ by its content hash: a changed file gets a new name. */
const HASHED = /\/assets\/[^/]+-[\w-]{8,}\.\w+(\.(br|gz))?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA (web/dist): hashed assets cached for a year as immutable, everything else
 * (index.html, the manifest, icons, a service worker) revalidated on each use so a new release
 * shows up on the next load. Brotli or gzip copies written at build time
 * (web/scripts/precompress.mjs) are sent to browsers that accept them (decision 021). Source maps
 * are never served, even if a build leaves some behind.
 */
export const webStatic = fp(async (app: FastifyInstance, opts: { root: string }) => {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', HASHED.test(filePath) ? IMMUTABLE : 'no-cache');
    },
  });
});
