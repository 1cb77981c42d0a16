import { createReadStream, statSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMMUTABLE_CACHE } from '../../platform/file-store.ts';
import { errorSchema } from '../../platform/http/schemas.ts';
import { mediaForDownload } from './files-service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /files/{mediaId}: stored files (product §10.10). Public, because <img> and <video> tags
 * send no headers; media ids are random UUIDs. A stored file never changes under its id, so
 * it may be cached for a year and revalidated by its id alone. Files in an S3-compatible bucket
 * are not streamed through the server: the answer is a 302 to the CDN URL (S3_PUBLIC_URL) or to a
 * presigned URL, and that redirect is cached only briefly, well within the presigned lifetime.
 */
export const fileDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:mediaId',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored picture, clip or PDF by its media id',
        params: z.object({ mediaId: z.string().max(100) }),
        produces: ['image/*', 'video/*', 'application/pdf'],
        response: {
          200: z.any().describe('The file, with its stored content type'),
          206: z.any().describe('The requested byte range (video players seek with Range requests)'),
          302: z.null().describe('The file is in the bucket: Location is its CDN or presigned URL'),
          304: z.null().describe('Not modified (If-None-Match)'),
          404: errorSchema,
          416: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { mediaId } = request.params;
      const media = UUID.test(mediaId) ? await mediaForDownload(app.deps.db, mediaId) : undefined;
      // Real time, not app.deps.clock: the bucket checks a presigned URL's date against its own clock.
      const location = media ? await app.deps.files.locate(media.storageKey, new Date()) : null;
      if (!media || !location) {
        return reply.status(404).send({ code: 'not_found', message: `File ${mediaId} not found` });
      }
      if (location.kind === 'redirect') {
        const presigned = location.url.includes('X-Amz-Signature=');
        return reply
          .status(302)
          .header('location', location.url)
          .header('cache-control', presigned ? 'private, max-age=300' : 'public, max-age=300')
          .send(null);
      }
      const file = location.path;
      const etag = `"${mediaId.toLowerCase()}"`;
      reply.header('cache-control', IMMUTABLE_CACHE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      const size = statSync(file).size;
      reply.header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .send({ code: 'range_not_satisfiable', message: `The file has ${size} bytes` });
      }
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', size);
      }
      return (
        reply
          .header('content-type', media.contentType)
          .header('x-content-type-options', 'nosniff')
          // An uploaded SVG or HTML opened directly must not run scripts on our origin.
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          )
          .send(createReadStream(file, range ?? undefined))
      );
    },
  );
};

/**
 * A single `bytes=` range (Safari and iOS only play video that answers one with 206); null
 * for no or an unparseable header (the whole file is sent), 'unsatisfiable' past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
