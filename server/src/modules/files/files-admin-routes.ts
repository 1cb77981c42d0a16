import { MEDIA_LIMITS, MEDIA_PURPOSES, mediaUploadResultSchema } from '@paddock/contracts/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorHandler } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { uploadOperatorMedia } from './files-admin-service.ts';
import { ACCEPTED_CONTENT_TYPES } from './media-sniff.ts';
import { operatorCall } from '../../admin/operator-guard.ts';

const MAX_BODY = Math.max(...Object.values(MEDIA_LIMITS));
const MB = 1024 * 1024;

/** POST /api/admin/media: operator uploads of images, video clips and PDFs (product §11.5). */
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
      const call = await operatorCall(request);
      const declared = request.headers['content-type'] ?? '';
      const uploaded = await uploadOperatorMedia(
        call,
        app.deps.files,
        request.query.purpose,
        declared,
        request.body,
      );
      return reply.status(201).send(uploaded);
    },
  );
};
