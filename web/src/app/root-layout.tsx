import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavigationProgress } from '../features/shell/components/navigation-progress.tsx';
import { ScrollManager } from '../features/shell/components/scroll-manager.tsx';
import { SessionEffects } from '../features/shell/components/session-effects.tsx';
import { AccessGuard } from './access-guard.tsx';

// Not needed for the first paint, so kept out of the entry chunk; the toast store buffers
// anything raised before the region mounts.
const Toaster = lazy(() => import('../ui/toaster.tsx').then((m) => ({ default: m.Toaster })));
const InstallApp = lazy(() =>
  import('../features/shell/components/install-app.tsx').then((m) => ({ default: m.InstallApp })),
);
const LevelUpCelebration = lazy(() =>
  import('../features/shell/components/level-up-celebration.tsx').then((m) => ({
    default: m.LevelUpCelebration,
  })),
);

/** Around every page: the access guard, the toast region (product §2), scroll and analytics, session effects, the install offer. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <ScrollManager />
      <SessionEffects />
      <AccessGuard>
        <Outlet />
      </AccessGuard>
      <Suspense fallback={null}>
        <LevelUpCelebration />
        <Toaster />
        <InstallApp />
      </Suspense>
    </>
  );
}
