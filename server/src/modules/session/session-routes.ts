import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endSessions } from '../../auth/sessions.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { requireUser } from '../../platform/request-context.ts';

/** DELETE /session: revokes the current session (product §4, §7). */
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
      await endSessions(app.deps.db, {
        organizationId: request.ctx.organization.id,
        userId: caller.id,
        sessionId: caller.sessionId,
      });
      return reply.status(204).send(null);
    },
  );
};
