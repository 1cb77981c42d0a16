import {
  sweepstakeClaimBodySchema,
  sweepstakeEntryBodySchema,
  sweepstakeEntryResultSchema,
  sweepstakeListSchema,
  sweepstakeSchema,
  sweepstakeVerificationSchema,
} from '@paddock/contracts/api/sweepstakes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../platform/errors.ts';
import { errorResponses, idParam } from '../../platform/http/schemas.ts';
import { fanCall, orgCall, type ViewerCall, viewerCall } from '../../platform/service-call.ts';
import { claimPrize } from './sweepstake-claim.ts';
import { enterSweepstake, enterSweepstakeFree } from './sweepstake-entry.ts';
import { getSweepstake, listSweepstakes } from './sweepstake-service.ts';
import { verifySweepstake } from './sweepstake-verify.ts';

const tags = ['sweepstakes'];

/**
 * Product §1/§6: an anonymous visitor sees sweepstakes only on the logged-off dashboard, which
 * the organization switches on; otherwise reading them needs a signed-in fan (401).
 */
function viewerOf(request: FastifyRequest): ViewerCall {
  const call = viewerCall(request);
  if (call.userId === null && !call.org.settings.loggedOffDashboard) {
    throw unauthorized('Sign in to see sweepstakes');
  }
  return call;
}

/** GET /sweepstake, GET /sweepstake/{id}, POST /sweepstake/{id}/entry (product §7), free entry, verify. */
export const sweepstakeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sweepstake',
    {
      schema: {
        tags,
        summary: 'List sweepstakes (live first) with the fan’s entries',
        description:
          'Anonymous callers get the list without fan state only when the logged-off dashboard is enabled; otherwise 401.',
        response: { 200: sweepstakeListSchema, ...errorResponses },
      },
    },
    async (request) => listSweepstakes(viewerOf(request)),
  );

  app.get(
    '/sweepstake/:id',
    {
      schema: {
        tags,
        summary: 'One sweepstake: status, cost, the fan’s entries, rules, seed hash, winners once drawn',
        params: idParam,
        response: { 200: sweepstakeSchema, ...errorResponses },
      },
    },
    async (request) => getSweepstake(viewerOf(request), request.params.id),
  );

  app.post(
    '/sweepstake/:id/entry',
    {
      schema: {
        tags,
        summary: 'Buy entries: spends costPerEntry × count points in one ledger row',
        description:
          '422 codes: insufficient_points, sweepstake_not_live, underage, entry_cap_reached, country_not_eligible.',
        params: idParam,
        body: sweepstakeEntryBodySchema,
        response: { 200: sweepstakeEntryResultSchema, ...errorResponses },
      },
    },
    async (request) => enterSweepstake(fanCall(request), request.params.id, request.body.count),
  );

  app.post(
    '/sweepstake/:id/free-entry',
    {
      schema: {
        tags,
        summary: 'The free method of entry: one entry at no cost, once per fan per sweepstake',
        description:
          'Same eligibility as a paid entry (window, age, country, cap). 422 free_entry_already_used on a repeat.',
        params: idParam,
        response: { 200: sweepstakeEntryResultSchema, ...errorResponses },
      },
    },
    async (request) => enterSweepstakeFree(fanCall(request), request.params.id),
  );

  app.post(
    '/sweepstake/:id/claim',
    {
      schema: {
        tags,
        summary: 'A winner claims the prize: name and where it goes, once, before the claim deadline',
        description: '422 not_a_winner, already_claimed, or claim_expired after drawnAt + claimDays.',
        params: idParam,
        body: sweepstakeClaimBodySchema,
        response: { 200: sweepstakeSchema, ...errorResponses },
      },
    },
    async (request) => claimPrize(fanCall(request), request.params.id, request.body),
  );

  app.get(
    '/sweepstake/:id/verify',
    {
      schema: {
        tags,
        summary: 'Public draw verification: the published data and the draw recomputed from it',
        description:
          'No sign-in needed. Checks SHA-256(seed) = seedHash, SHA-256(entry list) = entriesHash and that the recomputed winners are the published ones.',
        params: idParam,
        response: { 200: sweepstakeVerificationSchema, ...errorResponses },
      },
    },
    async (request) => verifySweepstake(orgCall(request), request.params.id),
  );
};
