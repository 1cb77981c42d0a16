import { expect } from 'vitest';
import { fund } from './points.ts';
import {
  apiCall,
  apiCallRaw,
  createFan,
  orgWithOperator,
  type TestContext,
  type TestFan,
} from './test-app.ts';

/** The offer tests' helpers: a live window, an offer and its codes created through the API. */

const hour = 3600_000;

/** Live from an hour ago for two days, on the test clock. */
export const liveWindow = (t: TestContext) => ({
  startsAt: new Date(t.clock.now().getTime() - hour).toISOString(),
  endsAt: new Date(t.clock.now().getTime() + 48 * hour).toISOString(),
});

/** A live 50-point code offer unless overridden. */
export async function createOffer(t: TestContext, operator: TestFan, body: Record<string, unknown>) {
  const res = await apiCall(t, operator, 'POST', '/api/admin/offers', {
    title: 'Shop discount',
    text: '15% off in the team shop',
    cost: 50,
    redemption: 'codes',
    ...liveWindow(t),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { offerId: string };
}

/** Imports codes as the console does: a text/csv body with a header line. */
export async function importCodes(t: TestContext, operator: TestFan, offerId: string, codes: string[]) {
  const csv = `code\n${codes.join('\n')}\n`;
  const res = await apiCallRaw(t, operator, 'POST', `/api/admin/offers/${offerId}/codes`, 'text/csv', csv);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Where the claim tests start: an organization and its operator, a code offer (`offer` overrides
 * createOffer's defaults) holding `codes`, and a fan funded with `points`.
 */
export async function codeOfferAndFan(
  t: TestContext,
  opts: { offer: Record<string, unknown>; codes: string[]; points: number },
) {
  const { org, operator } = await orgWithOperator(t);
  const { offerId } = await createOffer(t, operator, opts.offer);
  await importCodes(t, operator, offerId, opts.codes);
  const fan = await createFan(t, org);
  await fund(t, fan, opts.points);
  return { org, operator, offerId, fan };
}

export const claimOffer = (t: TestContext, fan: TestFan, offerId: string) =>
  apiCall(t, fan, 'POST', `/api/offers/${offerId}/claim`);
