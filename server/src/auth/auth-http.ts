import { canonicalIdentifier } from '@paddock/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Organization, User } from '../db/schema.ts';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, toErrorBody } from '../platform/errors.ts';
import { organizationByKey } from '../modules/organization/organization-service.ts';
import { siteUrlFor, slugForHost } from '../platform/org-sites.ts';
import { RateLimiter } from '../platform/rate-limit.ts';
import type { AccessClaims } from './session-tokens.ts';

export const API_VERSION = '2024-01-01';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

export const authError = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  new AppError(status, code, message, extra);

/** OAuth-style error of the id_token grant (auth-compat §2): `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    authOrg: Organization;
  }
}

/** auth-compat §8 limits per 5 minutes (per minute for MFA); scaled by RATE_LIMIT_SCALE × AUTH_RATE_LIMIT_SCALE. */
export const LIMITS = {
  email: { limit: 30, windowMs: 5 * 60_000 },
  token: { limit: 150, windowMs: 5 * 60_000 },
  /**
   * Password guesses against one account from one address (decision 028): an attacker's own
   * budget, so guessing from one place cannot lock the owner out.
   */
  tokenPerIdentifier: { limit: 30, windowMs: 5 * 60_000 },
  /** Against one account from everywhere: a backstop for guessing spread over many addresses. */
  tokenPerAccount: { limit: 300, windowMs: 5 * 60_000 },
  verify: { limit: 30, windowMs: 5 * 60_000 },
  mfa: { limit: 15, windowMs: 60_000 },
} as const;

export type LimitName = keyof typeof LIMITS;

export interface AuthHttp {
  limiter: RateLimiter;
  /** 429 over_request_rate_limit when the IP, or the identifier (e-mail/phone), is over its limit. */
  limit(request: FastifyRequest, name: LimitName, identifier?: string | null): Promise<void>;
  /** The signed-in caller of a user endpoint (auth-compat §5 /user errors). */
  authenticate(request: FastifyRequest): Promise<{ user: User; claims: AccessClaims; session: SessionRow }>;
  /** redirect_to if allowed (site URL origin or allow-list), else the site URL. */
  redirectTarget(
    request: FastifyRequest | undefined,
    requested: string | null | undefined,
    org?: { slug: string },
  ): string;
}

export interface SessionRow {
  id: string;
  aal: string;
  amr: { method: string; timestamp: number }[];
  factorId: string | null;
  createdAt: Date;
  notAfter: Date | null;
}

/**
 * The team's site (its ORG_HOSTS origin, else SITE_URL), always: a mailed link or a redirect
 * never follows the request's Host or X-Forwarded-Host, which an attacker chooses (decisions
 * 026, 035). `org` names the team when it is not the request's (an invitation to a new team).
 */
export function siteUrl(app: FastifyInstance, request?: FastifyRequest, org?: { slug: string }) {
  return siteUrlFor(app.deps.config, (org ?? request?.authOrg)?.slug);
}

export function createAuthHttp(app: FastifyInstance): AuthHttp {
  const { config } = app.deps;
  // RATE_LIMIT_SCALE scales every limit (load tests raise it, never switch limits off);
  // AUTH_RATE_LIMIT_SCALE multiplies the auth ones on top, as it did before.
  // The shared store (decision 014): every process counts the same guesses.
  const limiter = new RateLimiter(
    app.deps.clock,
    config.RATE_LIMIT_SCALE * config.AUTH_RATE_LIMIT_SCALE,
    app.rateLimitStore,
  );
  const allowList = config.AUTH_REDIRECT_ALLOW_LIST.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    limiter,
    async limit(request, name, identifier) {
      const rule = LIMITS[name];
      const scope = `${request.authOrg?.id ?? '-'}:${name}`;
      // request.ip is the socket's peer unless TRUST_PROXY names the proxy (decision 026), so a
      // forged X-Forwarded-For does not open a fresh per-IP budget.
      const okIp = await limiter.allow(`${scope}:ip:${request.ip}`, rule);
      const id = identifier ? canonicalIdentifier(identifier) : null;
      let okId = true;
      if (id && rule === LIMITS.token) {
        // Sign-in: the pair IP+account, then the account-wide backstop (decision 028).
        okId =
          (await limiter.allow(`${scope}:pair:${request.ip}:${id}`, LIMITS.tokenPerIdentifier)) &&
          (await limiter.allow(`${scope}:id:${id}`, LIMITS.tokenPerAccount));
      } else if (id) {
        okId = await limiter.allow(`${scope}:id:${id}`, rule);
      }
      if (!okIp || !okId) throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
    },
    async authenticate(request) {
      const org = request.authOrg;
      const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
      if (!bearer || bearer === org.publishableKey) {
        throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
      }
      const claims = await app.deps.tokens.verify(bearer);
      // A token of another organization is not a token here (tenancy: auth-compat §1 Paddock).
      if (claims.org !== org.id || !isUuid(claims.sub) || !isUuid(claims.session_id)) {
        throw authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
      }
      const session = await app.deps.db
        .selectFrom('sessions')
        .select(['id', 'aal', 'amr', 'factorId', 'createdAt', 'notAfter'])
        .where('id', '=', claims.session_id)
        .where('userId', '=', claims.sub)
        .executeTakeFirst();
      if (!session)
        throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      const user = await app.deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', claims.sub)
        .where('organizationId', '=', org.id)
        .executeTakeFirst();
      if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      return { user, claims, session: session as SessionRow };
    },
    redirectTarget(request, requested, org) {
      const site = siteUrl(app, request, org);
      if (!requested) return site;
      try {
        const url = new URL(requested);
        if (url.origin === new URL(site).origin) return requested;
      } catch {
        return site;
      }
      const ok = allowList.some((entry) =>
        entry.endsWith('*')
          ? requested.startsWith(entry.slice(0, -1))
          : requested === entry || requested.startsWith(`${entry.replace(/\/$/, '')}/`),
      );
      return ok ? requested : site;
    },
  };
}

/**
 * Plugin-wide plumbing for GoTrue's wire format: tenant by `apikey`, lenient JSON (empty body
 * and `null` are `{}`: auth-js sends a JSON content type on bodiless POST/DELETE), the version
 * header on every answer, and errors as `{code, message, error_code, msg}`.
 */
export function installAuthPlumbing(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      const parsed = JSON.parse(text);
      done(null, parsed === null ? {} : parsed);
    } catch {
      done(authError(400, 'bad_json', 'Could not parse request body as JSON'), undefined);
    }
  });

  app.decorateRequest('authOrg', null as unknown as Organization);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Supabase-Api-Version', API_VERSION);
    const path = (request.routeOptions.url ?? '').replace(/^\/auth\/v1/, '');
    if (path === '/health' || path === '/.well-known/jwks.json') return;
    const header = request.headers.apikey;
    const key = Array.isArray(header) ? header[0] : header;
    // Without a key (a mailed link opened in a browser), the team whose ORG_HOSTS site this is
    // (decision 035), so a used link lands on that team's page with its error.
    const org = await organizationByKey(
      app.deps.organizations,
      app.deps.db,
      key,
      (key ? undefined : slugForHost(app.deps.config, request.host)) ?? app.deps.config.DEFAULT_ORGANIZATION,
    );
    // A mailed link is opened by a browser without headers: its token names the organization.
    if (!org && !key && path === '/verify' && request.method === 'GET') return;
    if (!org) {
      throw authError(401, 'invalid_api_key', key ? 'Invalid API key' : 'No API key found in request');
    }
    request.authOrg = org;
  });

  app.setErrorHandler((error, request, reply: FastifyReply) => {
    reply.header('X-Supabase-Api-Version', API_VERSION);
    if (error instanceof OAuthError) {
      return reply
        .status(error.statusCode)
        .send({ error: error.error, error_description: error.description });
    }
    const { status, body } = toErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'auth request failed');
    if (body.code === 'database_unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    // A refresh that fails for a transient reason must be retryable for the client (auth-compat §2).
    const finalStatus = status >= 500 ? 503 : status;
    return reply.status(finalStatus).send({ ...body, error_code: body.code, msg: body.message });
  });
}
