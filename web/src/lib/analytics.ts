/**
 * Analytics behind an adapter (decision 009, product §1/§5/§8): a page view on every
 * navigation, identify on sign-in with the internal-user flag, reset on sign-out, navigation
 * errors captured. No third party by default (the dev adapter only logs, in development);
 * PostHog when the runtime config carries a key.
 *
 * No PostHog SDK is installed, so the PostHog adapter posts to PostHog's public capture HTTP
 * API (`POST {host}/capture/` with `api_key`, `event`, `distinct_id`, `properties`; identify is
 * the `$identify` event with `$anon_distinct_id` and `$set`), documented at
 * https://posthog.com/docs/api/capture. Nothing is sent when no key is configured.
 */
export interface AnalyticsAdapter {
  page(path: string): void;
  identify(userId: string, traits: { email: string | null; isInternal: boolean }): void;
  reset(): void;
  captureError(error: unknown, context: Record<string, unknown>): void;
}

/** Product §5: internal users are those whose e-mail is in one of the company's domains. */
export function isInternalEmail(
  email: string | null | undefined,
  internalDomains: readonly string[],
): boolean {
  const domain = email?.split('@')[1]?.toLowerCase();
  return Boolean(domain && internalDomains.some((d) => d.toLowerCase() === domain));
}

const ANON_KEY = 'paddock.analytics.anon-id';

function anonymousId(): string {
  let id = localStorage.getItem(ANON_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(ANON_KEY, id);
  }
  return id;
}

export function devAdapter(enabled: boolean): AnalyticsAdapter {
  const log = (...args: unknown[]) => {
    if (enabled) console.debug('[analytics]', ...args);
  };
  return {
    page: (path) => log('page', path),
    identify: (userId, traits) => log('identify', userId, traits),
    reset: () => log('reset'),
    captureError: (error, context) => log('error', error, context),
  };
}

export function posthogAdapter(apiKey: string, host: string): AnalyticsAdapter {
  let distinctId: string | null = null;
  const endpoint = `${host.replace(/\/+$/, '')}/capture/`;
  const send = (event: string, properties: Record<string, unknown>) => {
    const body = JSON.stringify({
      api_key: apiKey,
      event,
      distinct_id: distinctId ?? anonymousId(),
      properties: { $current_url: location.href, ...properties },
      timestamp: new Date().toISOString(),
    });
    void fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => {});
  };
  return {
    page: (path) => send('$pageview', { $pathname: path }),
    identify: (userId, traits) => {
      const anon = anonymousId();
      distinctId = userId;
      send('$identify', {
        $anon_distinct_id: anon,
        $set: { email: traits.email, is_internal: traits.isInternal },
      });
    },
    reset: () => {
      distinctId = null;
      localStorage.removeItem(ANON_KEY);
    },
    captureError: (error, context) =>
      send('$exception', {
        $exception_message: error instanceof Error ? error.message : String(error),
        ...context,
      }),
  };
}

let adapter: AnalyticsAdapter = devAdapter(false);
let internalDomains: readonly string[] = [];

export function initAnalytics(config: {
  posthogKey: string | null;
  posthogHost: string | null;
  internalEmailDomains: string[];
}) {
  internalDomains = config.internalEmailDomains;
  adapter = config.posthogKey
    ? posthogAdapter(config.posthogKey, config.posthogHost ?? 'https://us.i.posthog.com')
    : devAdapter(import.meta.env.DEV);
}

export const analytics = {
  page: (path: string) => adapter.page(path),
  identify: (userId: string, email: string | null) =>
    adapter.identify(userId, { email, isInternal: isInternalEmail(email, internalDomains) }),
  reset: () => adapter.reset(),
  captureError: (error: unknown, context: Record<string, unknown> = {}) =>
    adapter.captureError(error, context),
};
