import type { Env } from '../config.ts';

type SiteConfig = Pick<Env, 'SITE_URL' | 'ORG_HOSTS'>;

/**
 * Where a team's fans reach the app (decision 035): its own origin from ORG_HOSTS, or SITE_URL.
 * Every link we hand out (e-mails, referral links, QR codes) starts here, never at the
 * request's Host header, which the sender chooses (decision 026).
 */
export function siteUrlFor(config: SiteConfig, slug: string | undefined): string {
  const own = slug ? config.ORG_HOSTS.find((h) => h.slug === slug) : undefined;
  return (own?.origin ?? config.SITE_URL).replace(/\/$/, '');
}

/**
 * The team whose site this request arrived on, if ORG_HOSTS names it. The Host header is only
 * compared with the configured list: an unknown host gets the default team, never a new one.
 * Only the host counts, not the scheme: behind a TLS-terminating proxy the request is plain
 * HTTP unless TRUST_PROXY lets the proxy say otherwise.
 */
export function slugForHost(config: SiteConfig, host: string | undefined): string | undefined {
  if (!host || config.ORG_HOSTS.length === 0) return undefined;
  const wanted = host.toLowerCase();
  return config.ORG_HOSTS.find((h) => h.host === wanted)?.slug;
}

/** Every origin a browser page of this deployment can come from (CORS, redirect targets). */
export function siteOrigins(config: SiteConfig): string[] {
  return [new URL(config.SITE_URL).origin, ...config.ORG_HOSTS.map((h) => h.origin)];
}
