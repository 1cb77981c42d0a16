/** GET /config.json: read once before the app boots (nothing environment-specific is in the bundle). */
export interface RuntimeConfig {
  apiBaseUrl: string;
  authUrl: string;
  organizationKey: string;
  defaultLocale: string;
  features: { loggedOffDashboard: boolean };
  analytics: { posthogKey: string | null; posthogHost: string | null; internalEmailDomains: string[] };
}

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  // Default cache mode so the request matches index.html's preload of /config.json (decision 021);
  // the server answers with `cache-control: no-cache`, so a cached copy is always revalidated.
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`Could not load /config.json (${response.status})`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration read before loadRuntimeConfig()');
  return current;
}
