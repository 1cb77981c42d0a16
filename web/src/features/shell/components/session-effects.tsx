import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { analytics } from '../../../lib/analytics.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { onAuthEvent, useSession } from '../../../lib/session.ts';
import { supabase } from '../../../lib/supabase.ts';
import { useMe } from '../../../lib/user.ts';

/** Product §4/§9: the user, challenges and sweepstakes are refreshed every 60 minutes while signed in. */
export const PERIODIC_REFRESH_MS = 60 * 60_000;

/**
 * What follows the session's life cycle: refresh the fan on sign-in/user update, clear every
 * cached piece of data on sign-out, identify the fan for analytics, drop a session the API no
 * longer accepts (product §8 "Missing auth session: session removed"), and the periodic refresh.
 */
export function SessionEffects() {
  const queryClient = useQueryClient();
  const session = useSession();
  const me = useMe();
  const identified = useRef<string | null>(null);

  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'SIGNED_IN' || event === 'USER_UPDATED') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        }
        if (event === 'SIGNED_OUT') {
          queryClient.clear();
          analytics.reset();
          identified.current = null;
        }
      }),
    [queryClient],
  );

  useEffect(() => {
    const user = me.data;
    if (user && identified.current !== user.userId) {
      identified.current = user.userId;
      analytics.identify(user.userId, user.email);
    }
    if (session.status === 'signedIn' && me.data === null) {
      void supabase().auth.signOut({ scope: 'local' });
    }
  }, [me.data, session.status]);

  useEffect(() => {
    if (session.status !== 'signedIn') return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.challenges() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sweepstakes });
    }, PERIODIC_REFRESH_MS);
    return () => clearInterval(timer);
  }, [session.status, queryClient]);

  return null;
}
