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
import { routeDocs } from '../../platform/http/route-docs.ts';
import { idParam } from '../../platform/http/schemas.ts';
import { fanCall, orgCall, type ViewerCall, viewerCall } from '../../platform/service-call.ts';
import { claimPrize } from './sweepstake-claim.ts';
import { enterSweepstake, enterSweepstakeFree } from './sweepstake-entry.ts';
import { getSweepstake, listSweepstakes } from './sweepstake-service.ts';
import { verifySweepstake } from './sweepstake-verify.ts';

const doc = routeDocs(['sweepstakes']);

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
    doc('List sweepstakes (live first) with the fan’s entries', sweepstakeListSchema, {
      description:
        'Anonymous callers get the list without fan state only when the logged-off dashboard is enabled; otherwise 401.',
    }),
    async (request) => listSweepstakes(viewerOf(request)),
  );

  app.get(
    '/sweepstake/:id',
    doc(
      'One sweepstake: status, cost, the fan’s entries, rules, seed hash, winners once drawn',
      sweepstakeSchema,
      { params: idParam },
    ),
    async (request) => getSweepstake(viewerOf(request), request.params.id),
  );

  app.post(
    '/sweepstake/:id/entry',
    doc('Buy entries: spends costPerEntry × count points in one ledger row', sweepstakeEntryResultSchema, {
      description:
        '422 codes: insufficient_points, sweepstake_not_live, underage, entry_cap_reached, country_not_eligible.',
      params: idParam,
      body: sweepstakeEntryBodySchema,
    }),
    async (request) => enterSweepstake(fanCall(request), request.params.id, request.body.count),
  );

  app.post(
    '/sweepstake/:id/free-entry',
    doc(
      'The free method of entry: one entry at no cost, once per fan per sweepstake',
      sweepstakeEntryResultSchema,
      {
        description:
          'Same eligibility as a paid entry (window, age, country, cap). 422 free_entry_already_used on a repeat.',
        params: idParam,
      },
    ),
    async (request) => enterSweepstakeFree(fanCall(request), request.params.id),
  );

  app.post(
    '/sweepstake/:id/claim',
    doc(
      'A winner claims the prize: name and where it goes, once, before the claim deadline',
      sweepstakeSchema,
      {
        description: '422 not_a_winner, already_claimed, or claim_expired after drawnAt + claimDays.',
        params: idParam,
        body: sweepstakeClaimBodySchema,
      },
    ),
    async (request) => claimPrize(fanCall(request), request.params.id, request.body),
  );

  app.get(
    '/sweepstake/:id/verify',
    doc(
      'Public draw verification: the published data and the draw recomputed from it',
      sweepstakeVerificationSchema,
      {
        description:
          'No sign-in needed. Checks SHA-256(seed) = seedHash, SHA-256(entry list) = entriesHash and that the recomputed winners are the published ones.',
        params: idParam,
      },
    ),
    async (request) => verifySweepstake(orgCall(request), request.params.id),
  );
};
