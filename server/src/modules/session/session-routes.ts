import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/schemas.ts';
import { requireUser } from '../../platform/request-context.ts';

/** DELETE /session: revokes the current session (SPEC §4, §7). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign out this device: the session and its refresh tokens end; the access token is refused',
        response: { 204: z.null().describe('Session destroyed'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      // Access tokens are checked against the sessions table on every call (request context),
      // so deleting the row revokes the bearer at once; refresh tokens go with it (cascade).
      await app.deps.db
        .deleteFrom('sessions')
        .where('id', '=', caller.sessionId)
        .where('userId', '=', caller.id)
        .where('organizationId', '=', request.ctx.organization.id)
        .execute();
      return reply.status(204).send(null);
    },
  );
};
