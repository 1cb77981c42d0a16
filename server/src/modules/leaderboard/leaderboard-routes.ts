import { leaderboardBoardSchema, leaderboardSchema } from '@paddock/contracts/api/leaderboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../platform/http/route-docs.ts';
import { fanCall } from '../../platform/service-call.ts';
import { getLeaderboard } from './leaderboard-service.ts';

const doc = routeDocs(['leaderboard']);

/** GET /leaderboard/{board} (decision 025): season, this week, the race weekend, friends. */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leaderboard/:board',
    doc(
      'The top 100 of a board, the fan’s own position and the fans just above and below',
      leaderboardSchema,
      {
        description:
          'Points earned in the period (spending never lowers them); ties go to who reached the total first. ' +
          'Fans under 18 or who opted out appear as "Fan #NNNNNN".',
        params: z.object({ board: leaderboardBoardSchema }),
      },
    ),
    async (request, reply) => {
      const json = await getLeaderboard(
        fanCall(request),
        request.params.board,
        app.deps.config.secrets.appSecret,
        app.deps.fileUrls,
      );
      // Already JSON, checked against the schema piece by piece (the shared top page once per
      // load, the rest per read, leaderboard-service.ts): a JSON string with a JSON type is
      // sent as is, not parsed and serialised again.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
};
