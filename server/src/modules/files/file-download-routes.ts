import { createReadStream, statSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMMUTABLE_CACHE } from '../../platform/file-store.ts';
import { errorSchema } from '../../platform/http/schemas.ts';
import { mediaForDownload } from './files-service.ts';
import { isPrivatePurpose } from './signed-file-urls.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /files/{mediaId}: stored files (product §10.10). Published content is public, because
 * <img> and <video> tags send no headers and CDNs cache it; media ids are random UUIDs. A fan's
 * own upload (an avatar) opens only with the `exp` and `sig` the API put in its URL (decision
 * 028); without them, with a wrong, edited, expired or other tenant's signature, the answer is
 * the 404 of an unknown id, so a copied id reveals nothing. A stored file never changes under
 * its id, so a public one may be cached for a year and revalidated by its id alone; a private
 * one only by the browser and only while its URL lives. Files in an S3-compatible bucket are not
 * streamed through the server: the answer is a 302 to the CDN URL (S3_PUBLIC_URL) or to a
 * presigned URL (always presigned for a private file), cached only briefly.
 */
export const fileDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:mediaId',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored picture, clip or PDF by its media id',
        description:
          "Fans' own uploads (avatars) need the exp and sig of the URL the API presented; published files need none.",
        params: z.object({ mediaId: z.string().max(100) }),
        querystring: z.object({
          exp: z.string().max(20).optional().describe('Expiry (Unix seconds) of a signed URL'),
          sig: z.string().max(100).optional().describe('Signature of a signed URL'),
        }),
        produces: ['image/*', 'video/*', 'application/pdf'],
        response: {
          200: z.any().describe('The file, with its stored content type'),
          206: z.any().describe('The requested byte range (video players seek with Range requests)'),
          302: z.null().describe('The file is in the bucket: Location is its CDN or presigned URL'),
          304: z.null().describe('Not modified (If-None-Match)'),
          404: errorSchema.describe('No such file, or a private file without a valid, unexpired signature'),
          416: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { mediaId } = request.params;
      const notFound = () =>
        reply.status(404).send({ code: 'not_found', message: `File ${mediaId} not found` });
      const media = UUID.test(mediaId) ? await mediaForDownload(app.deps.db, mediaId) : undefined;
      if (!media) return notFound();
      // Seconds a private file's URL still lives; null for published content.
      let privateFor: number | null = null;
      if (isPrivatePurpose(media.purpose)) {
        const { exp, sig } = request.query;
        const check = app.deps.fileUrls.check(media.organizationId, mediaId, exp, sig, app.deps.clock.now());
        if (!check.ok) return notFound();
        privateFor = check.remaining;
      }
      // Real time, not app.deps.clock: the bucket checks a presigned URL's date against its own clock.
      const location = await app.deps.files.locate(media.storageKey, new Date(), {
        presign: privateFor !== null,
      });
      if (!location) return notFound();
      if (location.kind === 'redirect') {
        const presigned = location.url.includes('X-Amz-Signature=');
        const redirectCache =
          privateFor !== null
            ? `private, max-age=${Math.min(300, privateFor)}`
            : presigned
              ? 'private, max-age=300'
              : 'public, max-age=300';
        return reply
          .status(302)
          .header('location', location.url)
          .header('cache-control', redirectCache)
          .send(null);
      }
      const file = location.path;
      const etag = `"${mediaId.toLowerCase()}"`;
      const cache = privateFor === null ? IMMUTABLE_CACHE : `private, max-age=${privateFor}`;
      reply.header('cache-control', cache).header('etag', etag);
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
