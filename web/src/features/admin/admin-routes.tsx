import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { importWithReloadGuard } from '../../lib/reload-guard.ts';

/**
 * The operator console (issue 5) at /admin: only these route objects reach the fans' bundle;
 * every screen, the layout and the admin catalogue are lazy chunks loaded on first visit.
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([
        importWithReloadGuard(load),
        import('./i18n/load-admin-i18n.ts').then((m) => m.loadAdminI18n()),
      ]);
      return { Component: module.default };
    },
  };
}

/** Issue 6: the rewards screens live with the rewards feature and bring their own console strings. */
const rewardsScreen = (load: () => Promise<{ default: ComponentType }>) =>
  lazyScreen(async () => {
    const [module] = await Promise.all([
      load(),
      import('../rewards/admin-i18n/load-rewards-admin-i18n.ts').then((m) => m.loadRewardsAdminI18n()),
    ]);
    return module;
  });

export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    ...lazyScreen(() => import('./components/admin-layout.tsx')),
    children: [
      { index: true, ...lazyScreen(() => import('./routes/dashboard-route.tsx')) },
      { path: 'fans', ...lazyScreen(() => import('./routes/fans-route.tsx')) },
      { path: 'fans/:id', ...lazyScreen(() => import('./routes/fan-route.tsx')) },
      { path: 'audit', ...lazyScreen(() => import('./routes/audit-route.tsx')) },
      { path: 'challenges', ...lazyScreen(() => import('./routes/challenges-route.tsx')) },
      { path: 'challenges/new', ...lazyScreen(() => import('./routes/challenge-edit-route.tsx')) },
      { path: 'challenges/:id', ...lazyScreen(() => import('./routes/challenge-edit-route.tsx')) },
      { path: 'sweepstakes', ...lazyScreen(() => import('./routes/sweepstakes-route.tsx')) },
      { path: 'content', ...lazyScreen(() => import('./routes/content-route.tsx')) },
      { path: 'activations', ...lazyScreen(() => import('./routes/activations-route.tsx')) },
      { path: 'offers', ...rewardsScreen(() => import('../rewards/routes/admin-offers-route.tsx')) },
      { path: 'boosts', ...rewardsScreen(() => import('../rewards/routes/admin-boosts-route.tsx')) },
      { path: 'badges', ...rewardsScreen(() => import('../rewards/routes/admin-badges-route.tsx')) },
      { path: 'settings', ...lazyScreen(() => import('./routes/settings-route.tsx')) },
    ],
  },
];
