import { type ReactNode, useEffect } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { useSession } from '../lib/session.ts';
import { useMe } from '../lib/user.ts';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { type AccessDecision, decideAccess } from './access-rules.ts';
import { forgetRememberedPath, readRememberedPath, rememberPath } from './remembered-path.ts';
import { accessOf } from './route-handle.ts';

/** Applies product §2's access rules (pure, in access-rules.ts) to the current route. */
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
  if (decision.kind === 'redirect') return <Redirect decision={decision} />;
  return (
    <>
      {decision.forgetRemembered && <ForgetRememberedPath />}
      {children}
    </>
  );
}

function ForgetRememberedPath() {
  useEffect(() => forgetRememberedPath(), []);
  return null;
}

/** Storage changes happen in an effect, never during render (StrictMode renders twice). */
function Redirect({ decision }: { decision: Extract<AccessDecision, { kind: 'redirect' }> }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (decision.remember) rememberPath(decision.remember);
    if (decision.forgetRemembered) forgetRememberedPath();
    navigate(decision.to, { replace: true });
  }, [decision.to, decision.remember, decision.forgetRemembered, navigate]);
  return <PageSkeleton />;
}
