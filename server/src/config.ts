import { isIP } from 'node:net';
import { ORGANIZATION_SLUG } from '@paddock/contracts/api/platform';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const commaList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `url` as an origin (a trailing slash allowed) when it is exactly one, else null. */
function exactOrigin(url: string): string | null {
  const bare = url.replace(/\/$/, '');
  try {
    return new URL(bare).origin === bare ? bare : null;
  } catch {
    return null;
  }
}

/** Every environment variable Paddock reads; the README's configuration table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where PGlite data and uploaded media live. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL URL; when unset the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL statement_timeout in ms (0 = none), so a slow database can't pile requests up. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** PostgreSQL connections per server process; WORKERS × this must stay under max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * How long a request may wait for a pooled PostgreSQL connection (or a new one to open) before
   * it is answered 503: under overload, a quick refusal beats a queue that never drains (decision 014).
   */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  /**
   * Hot writes' fixed SQL as named (server-side prepared) statements, parsed once per connection
   * (decision 036). Turn off behind a pooler that hands one client's statements to several
   * server connections (PgBouncer in transaction mode before 1.21, or without
   * max_prepared_statements).
   */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  /**
   * Public base URL of this deployment: every link in an e-mail, the token issuer and the
   * redirect allow-list start here, never at a request's Host or X-Forwarded-Host (decision 026).
   * Required in production; elsewhere http://localhost:$PORT.
   */
  SITE_URL: z.string().url().optional(),
  /**
   * Other web origins (comma separated, e.g. https://app.example.com) whose pages may call the
   * API from a browser; SITE_URL's origin always may, no other (decision 027).
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = commaList(v);
      const bad = list.filter((entry) => !exactOrigin(entry));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `origins like https://app.example.com (bad: ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return list.map((entry) => exactOrigin(entry)!);
    }),
  /**
   * Several teams on one deployment (decision 035): `slug=origin` pairs, comma separated, e.g.
   * `red=https://fans.red.example,blue=https://fans.blue.example`. The SPA served on an origin
   * boots as that team; that team's links (e-mails, referrals, QR codes) start at its origin
   * instead of SITE_URL; each origin may call the API from a browser.
   */
  ORG_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const pairs = commaList(v).map((entry) => {
        const eq = entry.indexOf('=');
        return { entry, slug: entry.slice(0, eq).trim(), origin: exactOrigin(entry.slice(eq + 1).trim()) };
      });
      const bad = pairs.filter((p) => !ORGANIZATION_SLUG.test(p.slug) || !p.origin);
      const origins = pairs.map((p) => p.origin);
      const repeated = origins.filter((o, i) => o && origins.indexOf(o) !== i);
      if (bad.length > 0 || repeated.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message:
            bad.length > 0
              ? `slug=origin pairs like red=https://fans.red.example (bad: ${bad.map((p) => p.entry).join(', ')})`
              : `each origin may serve one team (repeated: ${repeated.join(', ')})`,
        });
        return z.NEVER;
      }
      // The host is kept beside the origin: requests are matched by their Host header alone.
      return pairs.map(({ slug, origin }) => ({ slug, origin: origin!, host: new URL(origin!).host }));
    }),
  /**
   * Which peers may set X-Forwarded-For/-Proto/-Host (decision 026): `false` (default: none,
   * the socket's peer is the client), `true` (any: only behind a proxy that strips them), a hop
   * count, or a comma-separated list of proxy addresses / CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      const value = v.trim();
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      const list = commaList(value);
      const bad = list.filter((entry) => {
        const [address = '', bits, ...rest] = entry.split('/');
        const family = isIP(address);
        if (!family || rest.length > 0) return true;
        return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
      });
      if (list.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `true, false, a hop count or IP addresses/CIDR ranges (bad: ${bad.join(', ') || v})`,
        });
        return z.NEVER;
      }
      return list;
    }),
  /** Extra allowed redirect URLs, comma separated. */
  AUTH_REDIRECT_ALLOW_LIST: z.string().default(''),
  AUTH_AUTOCONFIRM: bool.default(true),
  AUTH_ANONYMOUS_USERS: bool.default(false),
  AUTH_DISABLE_SIGNUP: bool.default(false),
  AUTH_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(72).default(8),
  /** Multiplies every rate limit (benchmarks and load tests raise limits, never remove them). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Multiplies the auth limits on top of RATE_LIMIT_SCALE (kept for existing deployments). */
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  AUTH_JWT_EXPIRY: z.coerce.number().int().min(30).max(86400).default(3600),
  /** JSON array of OIDC issuers for the id_token grant: [{ provider, issuer, jwksUrl, clientIds[] }]. */
  AUTH_OIDC_PROVIDERS: z.string().default('[]'),
  /** ES256 private key as a JWK JSON string; generated once and kept in the database when unset. */
  JWT_PRIVATE_JWK: z.string().optional(),
  /** HMAC secret for content checksums, arcade attempt tokens and signed file URLs; generated when unset. */
  APP_SECRET: z.string().min(32).optional(),
  /** smtp(s)://user:pass@host:port; when unset mail goes to the outbox table and the log. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Paddock <no-reply@paddock.local>'),
  DEFAULT_ORGANIZATION: z.string().optional(),
  DEFAULT_LOCALE: z.enum(['en', 'es']).default('en'),
  /** Skip the demo seed on an empty database. */
  SEED_DEMO: bool.default(true),
  /** S3-compatible bucket for uploads (all of endpoint, bucket and keys, or none: local disk). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key), as MinIO and most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Public or CDN base URL of the bucket; /files/{id} redirects there instead of presigning. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /**
   * Shortest life in seconds of a signed URL to a fan's own upload (an avatar, decision 028);
   * minted URLs live one to two of these. Default one hour: longer than a page session.
   */
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(3600),
  POSTHOG_KEY: z.string().optional(),
  POSTHOG_HOST: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * redis://… ; when set, state shared by several server processes (rate-limit counters, live
   * events, cache invalidation) goes through Redis instead of PostgreSQL.
   */
  REDIS_URL: z.string().url().optional(),
  /** Server processes on this machine (node:cluster): a number, or `auto` for one per core. */
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  /** On SIGTERM/SIGINT, how long in-flight requests may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Overload protection: while the event loop lags more than this (ms), requests get 503
   * overloaded + Retry-After instead of queueing. 0 = off. Default: 1000 on PostgreSQL, off on
   * the embedded PGlite, whose queries run on the event loop itself.
   */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Serves /metrics to `Authorization: Bearer <METRICS_TOKEN>`; unset → no /metrics (404). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** realtime-compat §11.6: refused joins are answered after this delay (default 5000, 0 in tests). */
  REALTIME_ERROR_DELAY_MS: z.coerce.number().int().min(0).max(30_000).optional(),
  /** How often open fan channels re-check that their session still exists (a sign-out closes them). */
  REALTIME_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
});

/** The parsed environment; SITE_URL is always set once parsed (decision 026). */
export type Env = Omit<z.infer<typeof envSchema>, 'SITE_URL'> & { SITE_URL: string };

export interface Secrets {
  jwtPrivateJwk: string;
  /** The key current before the last `rotate-keys`: still verifies, never signs. */
  jwtPreviousPrivateJwk?: string;
  appSecret: string;
}

export interface Config extends Env {
  secrets: Secrets;
}

/** Parses the environment, failing loudly with every problem listed. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const given = s3.filter((name) => result.data[name] !== undefined);
  // Half an S3 configuration would silently keep uploads on local disk: refuse it instead.
  if (given.length > 0 && given.length < s3.length) {
    const missing = s3.filter((name) => result.data[name] === undefined).join(', ');
    throw new Error(`Invalid configuration:\n  S3: set all of ${s3.join(', ')} or none (missing ${missing})`);
  }
  if (result.data.S3_PUBLIC_URL && given.length === 0) {
    throw new Error('Invalid configuration:\n  S3_PUBLIC_URL: needs the S3_* bucket settings');
  }
  // Decision 026: links in e-mails must never follow request headers, so a production server
  // needs its public URL; development and tests default to this machine.
  if (!result.data.SITE_URL && result.data.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  SITE_URL: required in production (the public https:// URL fans use; links in e-mails are built from it, never from request headers)',
    );
  }
  return { ...result.data, SITE_URL: result.data.SITE_URL ?? `http://localhost:${result.data.PORT}` };
}
