import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { NavigationProgress } from '../features/shell/components/navigation-progress.tsx';
import { ScrollManager } from '../features/shell/components/scroll-manager.tsx';
import { SessionEffects } from '../features/shell/components/session-effects.tsx';
import { useFirstScreenShown } from '../lib/first-screen.ts';
import { useLevelUp } from '../lib/user.ts';
import { AccessGuard } from './access-guard.tsx';

// Not needed for the first paint, so kept out of the entry chunk and mounted once the first
// screen is shown (useFirstScreenShown, decision 021); the toast store buffers anything raised
// before the region mounts, and the region shows it then.
const Toaster = lazy(() => import('../ui/toaster.tsx').then((m) => ({ default: m.Toaster })));
const InstallApp = lazy(() =>
  import('../features/shell/components/install-app.tsx').then((m) => ({ default: m.InstallApp })),
);
// Loaded on first use, when a rank actually changes: on a slow phone every chunk fetched and run
// before the first screen has painted delays it (decision 021). Once shown it stays mounted, so
// closing the dialog still returns focus where it was.
const LevelUpCelebration = lazy(() =>
  import('../features/shell/components/level-up-celebration.tsx').then((m) => ({
    default: m.LevelUpCelebration,
  })),
);

/** Around every page: the access guard, the toast region (product §2), scroll and analytics, session effects, the install offer. */
export function RootLayout() {
  const levelUp = useLevelUp();
  const firstScreenShown = useFirstScreenShown();
  const [celebrated, setCelebrated] = useState(false);
  if (levelUp && !celebrated) setCelebrated(true);
  return (
    <>
      <NavigationProgress />
      <ScrollManager />
      <SessionEffects />
      <AccessGuard>
        <Outlet />
      </AccessGuard>
      <Suspense fallback={null}>
        {celebrated && <LevelUpCelebration />}
        {firstScreenShown && <Toaster />}
        {firstScreenShown && <InstallApp />}
      </Suspense>
    </>
  );
}
