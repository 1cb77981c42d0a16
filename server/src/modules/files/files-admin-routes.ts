import { MEDIA_LIMITS, MEDIA_PURPOSES, mediaUploadResultSchema } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError, errorHandler, unprocessable } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { writeAudit } from '../../admin/audit.ts';
import { ACCEPTED_CONTENT_TYPES, checkUpload } from './media-sniff.ts';
import { requireOperator } from '../../admin/operator-guard.ts';

const MAX_BODY = Math.max(...Object.values(MEDIA_LIMITS));
const MB = 1024 * 1024;

/** Raster images are re-encoded so EXIF (camera, GPS) never reaches fans, and a corrupt file is refused. */
async function reencode(contentType: string, bytes: Buffer): Promise<Buffer> {
  if (!['image/png', 'image/jpeg', 'image/webp'].includes(contentType)) return bytes;
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().toBuffer();
  } catch {
    throw unprocessable('content_mismatch', `The file's bytes are not a valid ${contentType} image`);
  }
}

/** POST /api/admin/media: operator uploads of images, video clips and PDFs (issue 5). */
export const filesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // operator-gate authorises before the body is read, so nobody else can make us buffer 50 MB.
  // The raw bytes arrive with their real content type; parsers here are scoped to this plugin.
  app.addContentTypeParser(
    [...ACCEPTED_CONTENT_TYPES, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_BODY },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error, request, reply) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return errorHandler(
        new AppError(
          413,
          'file_too_large',
          `Uploads may be at most ${MAX_BODY / MB} MB (video); images 5 MB, PDFs 10 MB`,
        ),
        request,
        reply,
      );
    }
    return errorHandler(error, request, reply);
  });

  app.post(
    '/media',
    {
      bodyLimit: MAX_BODY,
      schema: {
        tags: ['admin: media'],
        summary: 'Upload an image (≤5 MB), video clip (≤50 MB) or PDF (≤10 MB)',
        description:
          'Send the raw bytes as the body with the real Content-Type (image/png, image/jpeg, image/webp, ' +
          'image/svg+xml, video/mp4, video/webm, application/pdf). The bytes must match the type.',
        querystring: z.object({ purpose: z.enum(MEDIA_PURPOSES) }),
        response: {
          201: mediaUploadResultSchema,
          ...errorResponses,
          413: errorResponses[400],
          415: errorResponses[400],
        },
      },
    },
    async (request, reply) => {
      const caller = await requireOperator(request);
      const organizationId = request.ctx.organization.id;
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError(415, 'unsupported_media_type', 'Send the file bytes as the request body');
      }
      const kind = checkUpload(request.query.purpose, request.headers['content-type'] ?? '', request.body);
      const bytes = await reencode(kind.contentType, request.body);
      const storageKey = await app.deps.files.put(organizationId, bytes, kind.extension, kind.contentType);
      const media = await app.deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('media')
          .values({
            organizationId,
            ownerUserId: caller.id,
            purpose: request.query.purpose,
            contentType: kind.contentType,
            byteSize: bytes.length,
            storageKey,
            originalName: null,
          })
          .returning(['id', 'contentType', 'byteSize'])
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          organizationId,
          actorUserId: caller.id,
          action: 'media.upload',
          targetType: 'media',
          targetId: row.id,
          after: { contentType: row.contentType, byteSize: row.byteSize, purpose: request.query.purpose },
        });
        return row;
      });
      return reply.status(201).send({
        mediaId: media.id,
        url: `/files/${media.id}`,
        contentType: media.contentType,
        byteSize: media.byteSize,
      });
    },
  );
};
