import {
  identifyBodySchema,
  identifyResponseSchema,
  transactionPageSchema,
  userSchema,
  userUpdateSchema,
} from '@paddock/contracts/api/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, paginationQuery } from '../../platform/http/schemas.ts';
import { fanCall } from '../../platform/service-call.ts';
import { listTransactions } from '../ledger/ledger-queries.ts';
import { getMe, identify, updateMe } from './profile-service.ts';

/** GET/PATCH /user/me, /user/me/transactions, /user/me/identify (product §7). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/me',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in fan with points, rank and flags; 401 means "not logged in" (product §8)',
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => getMe(fanCall(request), app.deps),
  );

  app.patch(
    '/user/me',
    {
      schema: {
        tags: ['user'],
        summary: 'Update the profile; empty phoneNumber/zipCode/birthday are stored as null (product §5, §7)',
        description:
          'Completing the profile for the first time (first name, last name, birthday and the required ' +
          'consents) ends the welcome flow and pays a pending referral once to both fans.',
        body: userUpdateSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => updateMe(fanCall(request), request.body, app.deps),
  );

  app.get(
    '/user/me/transactions',
    {
      schema: {
        tags: ['user'],
        summary: 'The fan’s points history, newest first, cursor-paginated',
        querystring: paginationQuery,
        response: { 200: transactionPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { db, org, userId } = fanCall(request);
      return listTransactions(db, org.id, userId, request.query);
    },
  );

  app.post(
    '/user/me/identify',
    {
      schema: {
        tags: ['user'],
        summary: 'Record the e-mail the fan gave, for the analytics identity (never the sign-in e-mail)',
        body: identifyBodySchema,
        response: { 200: identifyResponseSchema, ...errorResponses },
      },
    },
    async (request) => identify(fanCall(request), request.body.email),
  );
};
