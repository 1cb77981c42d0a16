import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/** The players a video may embed (web features/content embedUrl). */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The hashes of the SPA shell's inline <style> blocks (the first-paint background), so the
 * policy allows exactly them and no other inline style element; there is no inline script.
 */
export function inlineStyleHashes(indexHtmlPath: string): string[] {
  if (!existsSync(indexHtmlPath)) return [];
  const html = readFileSync(indexHtmlPath, 'utf8');
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

const origin = (url: string | undefined) => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/** Where media may come from besides this server: the bucket behind a /files redirect. */
function mediaOrigins(config: Config): string[] {
  const out = [...origin(config.S3_PUBLIC_URL), ...origin(config.S3_ENDPOINT)];
  if (config.S3_ENDPOINT && config.S3_BUCKET && !config.S3_FORCE_PATH_STYLE) {
    const endpoint = new URL(config.S3_ENDPOINT);
    out.push(`${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`);
  }
  return out;
}

/**
 * Security headers on every answer, SPA, API, auth and files alike (decision 027): a strict
 * CSP (scripts only from this origin, no inline script, no framing), nosniff, a referrer policy
 * that keeps paths private, and HSTS only when the request came over TLS (an HSTS header on
 * plain http would be ignored, and would pin localhost to https if it were not).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, opts: { config: Config; indexHtmlPath: string }) => {
    const media = mediaOrigins(opts.config);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", ...inlineStyleHashes(opts.indexHtmlPath)],
          imgSrc: ["'self'", 'data:', 'blob:', ...media],
          mediaSrc: ["'self'", 'blob:', ...media],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...origin(opts.config.POSTHOG_HOST)],
          frameSrc: VIDEO_PLAYERS,
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Embedded players need the referring origin (YouTube refuses to play without it).
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      hsts: false,
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
  },
);
