import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationRoutes } from './activations/activation-routes.ts';
import { badgeRoutes } from './badges/badge-routes.ts';
import { boostRoutes } from './boosts/boost-routes.ts';
import { carouselRoutes } from './carousel/carousel-routes.ts';
import { challengeRoutes } from './challenges/challenge-routes.ts';
import { checkinRoutes } from './checkin/checkin-routes.ts';
import { consentRoutes } from './consent/consent-routes.ts';
import { contentRoutes } from './content/content-routes.ts';
import { mediaRoutes } from './media/media-routes.ts';
import { offerRoutes } from './offers/offer-routes.ts';
import { organizationRoutes } from './organization/organization-routes.ts';
import { referralRoutes } from './referral/referral-routes.ts';
import { sessionRoutes } from './session/session-routes.ts';
import { storyRoutes } from './stories/story-routes.ts';
import { sweepstakeRoutes } from './sweepstakes/sweepstake-routes.ts';
import { userRoutes } from './user/user-routes.ts';

/**
 * Every product domain mounted under /api, one plugin per folder in modules/. Each runs
 * behind the request context (organization + caller).
 */
export const productModules: FastifyPluginAsyncZod[] = [
  organizationRoutes,
  userRoutes,
  consentRoutes,
  mediaRoutes,
  sessionRoutes,
  challengeRoutes,
  checkinRoutes,
  contentRoutes,
  storyRoutes,
  sweepstakeRoutes,
  activationRoutes,
  referralRoutes,
  carouselRoutes,
  offerRoutes,
  boostRoutes,
  badgeRoutes,
];
