import { leaderboardBoardSchema, leaderboardSchema } from '@paddock/contracts/api/leaderboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { getLeaderboard } from './leaderboard-service.ts';

/** GET /leaderboard/{board} (decision 025): season, this week, the race weekend, friends. */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leaderboard/:board',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'The top 100 of a board, the fan’s own position and the fans just above and below',
        description:
          'Points earned in the period (spending never lowers them); ties go to who reached the total first. ' +
          'Fans under 18 or who opted out appear as "Fan #NNNNNN".',
        params: z.object({ board: leaderboardBoardSchema }),
        response: { 200: leaderboardSchema, ...errorResponses },
      },
    },
    async (request) =>
      getLeaderboard(
        fanCall(request),
        request.params.board,
        app.deps.config.secrets.appSecret,
        app.deps.fileUrls,
      ),
  );
};
