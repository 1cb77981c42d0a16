import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers.tsx';
import { firstScreenShown, prefetchFirstScreenData } from './app/first-screen-data.ts';
import { createAppRouter, preloadFirstScreen } from './app/router.tsx';
import { captureInstallPrompt } from './features/shell/lib/install-prompt.ts';
import { initI18n, preloadCatalogues, startLocale } from './i18n/index.ts';
import { initAnalytics } from './lib/analytics.ts';
import { warmFormatters } from './lib/format.ts';
import { markFirstScreenShown } from './lib/first-screen.ts';
import { applyBranding, organizationQueryOptions } from './lib/organization.ts';
import { createQueryClient } from './lib/query-client.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { authClientNeededAtOnce, getSessionState, initSession } from './lib/session.ts';
import { loadAuthClient, loadSupabase } from './lib/supabase.ts';
import { watchLevelUps } from './lib/user.ts';
import { loadWebFonts, webFontsCached } from './lib/web-fonts.ts';
import './styles.css';

/** Branding should be in place before the first paint, but a slow API must not hold the app back. */
const BRANDING_WAIT_MS = 1500;

/**
 * Boot order (decision 021): the route's chunks start downloading → runtime config → i18n, the
 * supabase session and the org's branding in parallel → render → the auth client, unless the
 * session needed it earlier. Nothing environment-specific is in the bundle.
 */
async function boot() {
  const rootElement = document.getElementById('root')!;
  captureInstallPrompt();
  if (webFontsCached()) void loadWebFonts().catch(() => {});
  // Network first: the first screen's chunks download while we fetch the config, and the auth
  // client too when a sign-in link in the address needs it before the first screen.
  if (authClientNeededAtOnce()) void loadAuthClient().catch(() => {});
  preloadFirstScreen(window.location.pathname);
  preloadCatalogues();
  try {
    const config = await loadRuntimeConfig();
    initAnalytics(config.analytics);
    const queryClient = createQueryClient();
    watchLevelUps(queryClient);
    const branding = queryClient
      .fetchQuery(organizationQueryOptions)
      .then(applyBranding)
      .catch((error) => console.warn('[paddock] organization branding unavailable', error));
    const session = initSession();
    // A fan already known to be signed in (a fresh session cookie, lib/session.ts): the access
    // guard needs the fan before the first screen, so ask now instead of after the first render.
    const firstScreenData =
      getSessionState().status === 'signedIn'
        ? prefetchFirstScreenData(queryClient, window.location.pathname)
        : Promise.resolve();
    // The main thread is idle until these answer: the first render's formatters are built now.
    setTimeout(() => warmFormatters(startLocale(config.defaultLocale)), 0);
    await Promise.all([
      initI18n(config.defaultLocale),
      session,
      Promise.race([branding, new Promise((r) => setTimeout(r, BRANDING_WAIT_MS))]),
    ]);
    const router = createAppRouter();
    createRoot(rootElement).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
    // After the first screen, not sharing the slow link and the CPU with it: the toast region and
    // the install offer (app/root-layout.tsx), the web fonts on a first visit (lib/web-fonts.ts),
    // and the auth client (21 kB) when boot knew the session without it (lib/session.ts; it is
    // already loading otherwise).
    void firstScreenShown(router, firstScreenData)
      .then(() => {
        markFirstScreenShown();
        void loadWebFonts().catch(() => {});
        return loadSupabase();
      })
      .catch(() => {});
  } catch (error) {
    console.error(error);
    rootElement.innerHTML =
      '<main style="padding:2rem;font-family:system-ui;color:#fff"><h1>Paddock is not available right now.</h1><p>Please reload the page in a moment.</p></main>';
  }
}

void boot();
