import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { importWithReloadGuard } from '../lib/reload-guard.ts';

/**
 * The operator console (issue 5) at /admin. Only these route objects reach the fans' bundle;
 * the layout, every screen and the console's catalogues are lazy chunks loaded on first visit.
 * The screens live with their domain (features/<domain>/console/); the cross-domain ones
 * (layout, dashboard, fans, audit, settings) in features/admin.
 */
function consoleScreen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
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

export const consoleRoutes: RouteObject[] = [
  {
    path: '/admin',
    ...consoleScreen(() => import('../features/admin/components/admin-layout.tsx')),
    children: [
      { index: true, ...consoleScreen(() => import('../features/admin/routes/dashboard-route.tsx')) },
      { path: 'fans', ...consoleScreen(() => import('../features/admin/routes/fans-route.tsx')) },
      { path: 'fans/:id', ...consoleScreen(() => import('../features/admin/routes/fan-route.tsx')) },
      { path: 'audit', ...consoleScreen(() => import('../features/admin/routes/audit-route.tsx')) },
      {
        path: 'challenges',
        ...consoleScreen(() => import('../features/challenges/console/challenges-console-route.tsx')),
      },
      {
        path: 'challenges/new',
        ...consoleScreen(() => import('../features/challenges/console/challenge-edit-route.tsx')),
      },
      {
        path: 'challenges/:id',
        ...consoleScreen(() => import('../features/challenges/console/challenge-edit-route.tsx')),
      },
      {
        path: 'sweepstakes',
        ...consoleScreen(() => import('../features/sweepstakes/console/sweepstakes-console-route.tsx')),
      },
      // Videos, playlists and articles (content) share one tabbed screen with stories.
      { path: 'content', ...consoleScreen(() => import('./routes/content-console-route.tsx')) },
      {
        path: 'activations',
        ...consoleScreen(() => import('../features/activations/console/activations-console-route.tsx')),
      },
      {
        path: 'offers',
        ...consoleScreen(() => import('../features/rewards/console/offers-console-route.tsx')),
      },
      {
        path: 'boosts',
        ...consoleScreen(() => import('../features/rewards/console/boosts-console-route.tsx')),
      },
      {
        path: 'badges',
        ...consoleScreen(() => import('../features/rewards/console/badges-console-route.tsx')),
      },
      { path: 'settings', ...consoleScreen(() => import('../features/admin/routes/settings-route.tsx')) },
    ],
  },
];
