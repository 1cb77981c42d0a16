import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationAdminRoutes } from './activations/activation-admin-routes.ts';
import { activationRoutes } from './activations/activation-routes.ts';
import { carouselRoutes } from './carousel/carousel-routes.ts';
import { challengeAdminRoutes } from './challenges/challenge-admin-routes.ts';
import { challengeRoutes } from './challenges/challenge-routes.ts';
import { checkinRoutes } from './checkin/checkin-routes.ts';
import { consentAdminRoutes } from './consent/consent-admin-routes.ts';
import { consentRoutes } from './consent/consent-routes.ts';
import { contentAdminRoutes } from './content/content-admin-routes.ts';
import { contentRoutes } from './content/content-routes.ts';
import { filesAdminRoutes } from './files/files-admin-routes.ts';
import { filesRoutes } from './files/files-routes.ts';
import { leaderboardAdminRoutes } from './leaderboard/leaderboard-admin-routes.ts';
import { leaderboardRoutes } from './leaderboard/leaderboard-routes.ts';
import { organizationAdminRoutes } from './organization/organization-admin-routes.ts';
import { organizationRoutes } from './organization/organization-routes.ts';
import { profileRoutes } from './profile/profile-routes.ts';
import { referralRoutes } from './referral/referral-routes.ts';
import { badgeAdminRoutes } from './rewards/badge-admin-routes.ts';
import { badgeRoutes } from './rewards/badge-routes.ts';
import { boostAdminRoutes } from './rewards/boost-admin-routes.ts';
import { boostRoutes } from './rewards/boost-routes.ts';
import { offerAdminRoutes } from './rewards/offer-admin-routes.ts';
import { offerRoutes } from './rewards/offer-routes.ts';
import { sessionRoutes } from './session/session-routes.ts';
import { storyAdminRoutes } from './stories/story-admin-routes.ts';
import { storyRoutes } from './stories/story-routes.ts';
import { sweepstakeAdminRoutes } from './sweepstakes/sweepstake-admin-routes.ts';
import { sweepstakeRoutes } from './sweepstakes/sweepstake-routes.ts';

/**
 * Every product domain mounted under /api, one plugin per folder in modules/. Each runs
 * behind the request context (organization + caller).
 */
export const productModules: FastifyPluginAsyncZod[] = [
  organizationRoutes,
  profileRoutes,
  consentRoutes,
  filesRoutes,
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
  leaderboardRoutes,
];

/**
 * Each domain's operator plugin, mounted under /api/admin behind the operator gate (app.ts
 * registers admin/operator-gate.ts first, so every route here is guarded).
 */
export const operatorModules: FastifyPluginAsyncZod[] = [
  challengeAdminRoutes,
  sweepstakeAdminRoutes,
  organizationAdminRoutes,
  consentAdminRoutes,
  filesAdminRoutes,
  contentAdminRoutes,
  storyAdminRoutes,
  activationAdminRoutes,
  offerAdminRoutes,
  boostAdminRoutes,
  badgeAdminRoutes,
  leaderboardAdminRoutes,
];
