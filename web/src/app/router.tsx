import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  data,
  type LoaderFunctionArgs,
  matchRoutes,
  Outlet,
  redirect,
  type RouteObject,
} from 'react-router';
import { consoleRoutes } from './console-routes.tsx';
import { importWithReloadGuard } from '../lib/reload-guard.ts';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import type { RouteAccess } from './access-rules.ts';
import { paths } from '../config/paths.ts';
import { RootLayout } from './root-layout.tsx';
import type { RouteHandle } from './route-handle.ts';
import RouteError from '../features/errors/routes/route-error.tsx';

/** Every screen is its own chunk (product §13.9, decision 021), loaded through the product §9 reload guard. */
function screen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await importWithReloadGuard(load);
      return { Component: module.default };
    },
  };
}

const guest: RouteHandle = {
  access: { audience: 'guest', incompleteProfileAllowed: true } satisfies RouteAccess,
};
const anyone: RouteHandle = { access: { audience: 'any', incompleteProfileAllowed: true } };

/** Product §2: unknown routes are a 404 with 'Page Not Found: {path}'. */
function notFound({ request }: LoaderFunctionArgs): never {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

/**
 * Product §2's route table. Layouts: none (index, welcome, activations), default (bottom
 * navigation: the tab screens and their hubs) and no-bottom-nav (focused screens: forms,
 * players, the story viewer, a challenge, a sweepstake's entry).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageSkeleton />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.home, handle: guest, ...screen(() => import('./routes/index-route.tsx')) },
          { path: paths.welcome, ...screen(() => import('../features/welcome/routes/welcome-route.tsx')) },
          {
            path: '/activations/:slug',
            handle: anyone,
            ...screen(() => import('../features/activations/routes/activation-route.tsx')),
          },
          {
            // Product §11.12: the public proof of a draw, for fans and journalists alike (signed out too).
            path: '/sweepstakes/:sweepstakeId/verify',
            handle: anyone,
            ...screen(() => import('../features/sweepstakes/routes/sweepstake-verify-route.tsx')),
          },
          { path: paths.challenges, loader: () => redirect(paths.challengeList('poll')) },
          { path: paths.menu, loader: () => redirect(paths.profile) },
          {
            lazy: async () => ({
              Component: (
                await importWithReloadGuard(() => import('../features/shell/components/layouts.tsx'))
              ).DefaultLayout,
            }),
            children: [
              {
                path: paths.dashboard,
                ...screen(() => import('./routes/dashboard-route.tsx')),
              },
              {
                path: paths.profile,
                ...screen(() => import('./routes/profile-route.tsx')),
              },
              {
                path: paths.history,
                ...screen(() => import('../features/history/routes/history-route.tsx')),
              },
              {
                path: paths.referral,
                ...screen(() => import('../features/referral/routes/referral-route.tsx')),
              },
              {
                path: paths.leaderboard,
                ...screen(() => import('../features/leaderboard/routes/leaderboard-route.tsx')),
              },
              { path: paths.about, ...screen(() => import('../features/about/routes/about-route.tsx')) },
              {
                path: paths.downloads,
                ...screen(() => import('../features/downloads/routes/downloads-route.tsx')),
              },
              {
                path: '/challenges/:subtype',
                ...screen(() => import('../features/challenges/routes/challenge-list-route.tsx')),
              },
              { path: paths.media, ...screen(() => import('../features/content/routes/media-route.tsx')) },
              { path: paths.videos, ...screen(() => import('../features/content/routes/videos-route.tsx')) },
              {
                path: '/media/playlists/:id',
                ...screen(() => import('../features/content/routes/playlist-route.tsx')),
              },
              {
                path: paths.sweepstakes,
                ...screen(() => import('../features/sweepstakes/routes/sweepstakes-route.tsx')),
              },
              {
                path: paths.gamesPoll,
                ...screen(() => import('../features/hubs/routes/games-poll-route.tsx')),
              },
              { path: paths.contests, ...screen(() => import('../features/hubs/routes/contests-route.tsx')) },
              { path: paths.benefits, ...screen(() => import('./routes/benefits-route.tsx')) },
              { path: paths.cars, ...screen(() => import('../features/hubs/routes/cars-route.tsx')) },
            ],
          },
          {
            lazy: async () => ({
              Component: (
                await importWithReloadGuard(() => import('../features/shell/components/layouts.tsx'))
              ).NoBottomNavLayout,
            }),
            children: [
              {
                path: paths.profileEdit,
                ...screen(() => import('../features/profile/routes/profile-edit-route.tsx')),
              },
              {
                path: '/challenges/:subtype/:challengeId',
                ...screen(() => import('../features/challenges/routes/challenge-route.tsx')),
              },
              {
                path: '/media/videos/:videoId',
                ...screen(() => import('../features/content/routes/video-route.tsx')),
              },
              {
                path: '/articles/:id',
                ...screen(() => import('../features/content/routes/article-route.tsx')),
              },
              { path: '/stories/:id', ...screen(() => import('../features/stories/routes/story-route.tsx')) },
              {
                path: '/sweepstakes/:sweepstakeId',
                ...screen(() => import('../features/sweepstakes/routes/sweepstake-route.tsx')),
              },
            ],
          },
          // The operator console: its own layout and lazy chunks (console-routes.tsx).
          ...consoleRoutes,
          { path: '*', handle: anyone, loader: notFound, element: <Outlet /> },
        ],
      },
    ],
  },
];

/**
 * Starts downloading the chunks the first screen needs while boot still waits for
 * /config.json, the session and the catalogues, instead of only after the router mounts
 * (which made route chunks a second round trip). Failures are left to the router, which
 * loads the same modules again through the reload guard.
 */
export function preloadFirstScreen(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void lazy().catch(() => {});
  }
  // `/` shows the landing page to a visitor (index-route.tsx loads it lazily in turn).
  if (pathname === paths.home) void import('../features/auth/routes/landing-route.tsx').catch(() => {});
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
