import {
  MAX_AVATAR_BYTES,
  mediaUploadResponseSchema,
  setAvatarBodySchema,
  setAvatarResponseSchema,
} from '@paddock/contracts/api/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandler } from '../../platform/errors.ts';
import { errorResponses, errorSchema } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { setAvatar, uploadAvatar } from './files-service.ts';

const MAX_MB = MAX_AVATAR_BYTES / (1024 * 1024);

/** POST /media (avatar upload), POST /media/set-avatar (product §7, product §10.10). */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw image bodies are accepted in this plugin only, with their own limit: the rest of the
  // API keeps the 1 MB JSON limit.
  for (const type of ['application/octet-stream', /^image\//]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: MAX_AVATAR_BYTES },
      (_request, body, done) => done(null, body),
    );
  }
  app.setErrorHandler((error, request, reply) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({
        code: 'payload_too_large',
        message: `The image is larger than ${MAX_MB} MB; choose a smaller picture`,
      });
    }
    return errorHandler(error, request, reply);
  });

  app.post(
    '/media',
    {
      bodyLimit: MAX_AVATAR_BYTES,
      schema: {
        tags: ['media'],
        summary: `Upload an avatar as the raw body (application/octet-stream, at most ${MAX_MB} MB)`,
        description:
          'JPEG, PNG, WebP or GIF, recognised by its first bytes. The picture is re-encoded to WebP ' +
          '(at most 512 px, metadata removed) before it is stored. Use the mediaId with /media/set-avatar.',
        consumes: ['application/octet-stream'],
        body: z.any().meta({
          type: 'string',
          format: 'binary',
          description: 'The image bytes (JPEG, PNG, WebP or GIF)',
        }),
        response: { 200: mediaUploadResponseSchema, 413: errorSchema, 415: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = fanCall(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return uploadAvatar(call, app.deps, body);
    },
  );

  app.post(
    '/media/set-avatar',
    {
      schema: {
        tags: ['media'],
        summary: 'Make one of your uploads your avatar (name = its mediaId)',
        body: setAvatarBodySchema,
        response: { 200: setAvatarResponseSchema, ...errorResponses },
      },
    },
    async (request) => setAvatar(fanCall(request), request.body.name, app.deps.fileUrls),
  );
};
