import {
  adminLeaderboardBoardSchema,
  adminLeaderboardQuerySchema,
  adminLeaderboardSchema,
  leaderboardSettingsInputSchema,
  leaderboardSettingsSchema,
  weekendWindowInputSchema,
  weekendWindowListSchema,
  weekendWindowSchema,
} from '@paddock/contracts/api/leaderboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerConsoleRoutes } from '../../admin/console-routes.ts';
import { operatorCall } from '../../admin/operator-guard.ts';
import { routeDocs } from '../../platform/http/route-docs.ts';
import {
  adminLeaderboard,
  createWeekend,
  deleteWeekend,
  getLeaderboardSettings,
  leaderboardCsv,
  listWeekends,
  setSeasonStart,
  updateWeekend,
} from './leaderboard-admin-service.ts';

const tags = ['admin: leaderboard'];
const doc = routeDocs(tags);
const boardParam = z.object({ board: adminLeaderboardBoardSchema });

/** Operator endpoints (under /api/admin): the boards, their CSV export, weekend windows, the season start. */
export const leaderboardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerConsoleRoutes(app, {
    path: '/leaderboard-weekends',
    tags,
    list: {
      summary: 'Every race-weekend window, latest first',
      response: weekendWindowListSchema,
      run: (call) => listWeekends(call),
    },
    create: {
      summary: 'Define a race-weekend window; its board counts the points already earned inside it',
      body: weekendWindowInputSchema,
      response: weekendWindowSchema,
      run: createWeekend,
    },
    update: {
      method: 'put',
      summary: 'Rename or move a window; its board is rebuilt from the ledger',
      body: weekendWindowInputSchema,
      response: weekendWindowSchema,
      run: updateWeekend,
    },
    remove: { summary: 'Delete a window and its board', run: deleteWeekend },
  });

  app.get(
    '/leaderboard-settings',
    doc('The season start (null: the calendar year)', leaderboardSettingsSchema),
    async (request) => getLeaderboardSettings(await operatorCall(request)),
  );

  app.put(
    '/leaderboard-settings',
    doc(
      'Set the season start (organization time zone); the season board is rebuilt from the ledger',
      leaderboardSettingsSchema,
      { body: leaderboardSettingsInputSchema },
    ),
    async (request) => setSeasonStart(await operatorCall(request), request.body.seasonStartsOn),
  );

  app.get(
    '/leaderboard/:board',
    doc('A board in order with the fans’ real usernames and e-mails, paged', adminLeaderboardSchema, {
      params: boardParam,
      querystring: adminLeaderboardQuerySchema,
    }),
    async (request) => adminLeaderboard(await operatorCall(request), request.params.board, request.query),
  );

  app.get(
    '/leaderboard/:board/export.csv',
    doc('Export a whole board as CSV (audited: it holds e-mails)', z.string().describe('text/csv'), {
      params: boardParam,
      querystring: adminLeaderboardQuerySchema.pick({ weekendId: true }),
    }),
    async (request, reply) => {
      const { board } = request.params;
      const csv = await leaderboardCsv(await operatorCall(request), board, request.query.weekendId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leaderboard-${board}.csv"`)
        .send(csv);
    },
  );
};
