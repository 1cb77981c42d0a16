import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { importWithReloadGuard } from '../lib/reload-guard.ts';
import type { RouteHandle } from './route-handle.ts';

/**
 * The operator console (product §11.1) at /admin. Only these route objects reach the fans' bundle;
 * the layout, every screen and the console's catalogues are lazy chunks loaded on first visit.
 * The screens live with their domain (features/<domain>/console/); the cross-domain ones
 * (layout, dashboard, fans, audit, settings) in features/admin.
 */
function consoleScreen(load: Screen): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([
        importWithReloadGuard(load),
        import('./load-console-i18n.ts').then((m) => m.loadConsoleI18n()),
      ]);
      return { Component: module.default };
    },
  };
}

type Screen = () => Promise<{ default: ComponentType }>;

/** Each console path and the screen it shows. */
const screens: [path: string, load: Screen][] = [
  ['fans', () => import('../features/admin/routes/fans-route.tsx')],
  ['fans/:id', () => import('../features/admin/routes/fan-route.tsx')],
  ['audit', () => import('../features/admin/routes/audit-route.tsx')],
  ['challenges', () => import('../features/challenges/console/challenges-console-route.tsx')],
  ['challenges/new', () => import('../features/challenges/console/challenge-edit-route.tsx')],
  ['challenges/:id', () => import('../features/challenges/console/challenge-edit-route.tsx')],
  ['sweepstakes', () => import('../features/sweepstakes/console/sweepstakes-console-route.tsx')],
  // Videos, playlists and articles (content) share one tabbed screen with stories.
  ['content', () => import('./routes/content-console-route.tsx')],
  ['activations', () => import('../features/activations/console/activations-console-route.tsx')],
  ['offers', () => import('../features/rewards/console/offers-console-route.tsx')],
  ['boosts', () => import('../features/rewards/console/boosts-console-route.tsx')],
  ['badges', () => import('../features/rewards/console/badges-console-route.tsx')],
  ['leaderboard', () => import('../features/leaderboard/console/leaderboard-console-route.tsx')],
  ['settings', () => import('../features/admin/routes/settings-route.tsx')],
];

/**
 * Signed in, but no fan profile needed: an invited operator (decision 035) runs the console
 * before — or without — filling in the fan's welcome form. The console checks the role itself.
 */
const operators: RouteHandle = { access: { audience: 'user', incompleteProfileAllowed: true } };

export const consoleRoutes: RouteObject[] = [
  {
    path: '/admin',
    handle: operators,
    ...consoleScreen(() => import('../features/admin/components/admin-layout.tsx')),
    children: [
      { index: true, ...consoleScreen(() => import('../features/admin/routes/dashboard-route.tsx')) },
      ...screens.map(([path, load]) => ({ path, ...consoleScreen(load) })),
    ],
  },
];
