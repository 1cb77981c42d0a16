import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { useSession } from '../lib/session.ts';
import { useMe } from '../lib/user.ts';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { decideAccess } from './access-rules.ts';
import { forgetRememberedPath, readRememberedPath, rememberPath } from './remembered-path.ts';
import { accessOf } from './route-handle.ts';

/** Applies SPEC §2's access rules (pure, in access-rules.ts) to the current route. */
export function AccessGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const matches = useMatches();
  const session = useSession();
  const me = useMe();

  if (session.status === 'loading') return <PageSkeleton />;

  const signedIn = session.status === 'signedIn' && me.data !== null;
  const route = accessOf(matches);
  // A recovery link signs the fan in on `/` to choose a new password there.
  if (session.passwordRecovery && route.audience === 'guest') return children;
  const decision = decideAccess({
    pathname: location.pathname + location.search + location.hash,
    route,
    signedIn,
    user: me.data ?? null,
    loggedOffDashboard: runtimeConfig().features.loggedOffDashboard,
    rememberedPath: readRememberedPath(),
  });

  if (decision.kind === 'wait') {
    // The fan could not be loaded (server down): show the page's error instead of a skeleton forever.
    if (me.isError) throw me.error;
    return <PageSkeleton />;
  }
  if (decision.kind === 'redirect') {
    if (decision.remember) rememberPath(decision.remember);
    if (decision.forgetRemembered) forgetRememberedPath();
    return <Navigate to={decision.to} replace />;
  }
  return children;
}
