import { lazy, Suspense } from 'react';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { useSession } from '../../lib/session.ts';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { NavigatedPage } from '../../features/shell/components/layouts.tsx';
import { importWithReloadGuard } from '../../lib/reload-guard.ts';

const Landing = lazy(() =>
  importWithReloadGuard(() => import('../../features/auth/routes/landing-route.tsx')),
);
const Dashboard = lazy(() => importWithReloadGuard(() => import('./dashboard-route.tsx')));

/**
 * `/`: the landing page for visitors. In logged-off-dashboard mode a signed-in fan is sent to
 * `/` (product §2), so there `/` shows the fan's own dashboard instead.
 */
export default function IndexRoute() {
  const session = useSession();
  const showDashboard =
    runtimeConfig().features.loggedOffDashboard && session.status === 'signedIn' && !session.passwordRecovery;
  return (
    <Suspense fallback={<PageSkeleton />}>
      {showDashboard ? (
        <NavigatedPage>
          <Dashboard />
        </NavigatedPage>
      ) : (
        <Landing />
      )}
    </Suspense>
  );
}
