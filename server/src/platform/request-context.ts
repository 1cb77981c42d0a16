import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Organization } from '../db/schema.ts';
import { AppError, unauthorized } from './errors.ts';

export interface Caller {
  id: string;
  sessionId: string;
  aal: string;
}

export interface RequestContext {
  organization: Organization;
  /** The signed-in fan, or null for an anonymous caller (the publishable key as bearer). */
  user: Caller | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** The caller must be signed in; product §8: 401 means "not logged in". */
export function requireUser(request: FastifyRequest): Caller {
  if (!request.ctx.user) throw unauthorized();
  return request.ctx.user;
}

export interface RequestContextOptions {
  /**
   * The organization a publishable key names (or the default one for a key-less call). Given by
   * the app root, so this plumbing knows no domain module.
   */
  organizationByKey(key: string | undefined): Promise<Organization | undefined>;
}

/**
 * Resolves the organization from `X-Organization-Token` and the caller from the bearer token
 * (a session JWT → that fan; the publishable key → anonymous). A token of another
 * organization, an expired token or a signed-out session is 401, never a silent downgrade.
 */
async function resolveContext(
  app: FastifyInstance,
  opts: RequestContextOptions,
  request: FastifyRequest,
): Promise<RequestContext> {
  const header = request.headers['x-organization-token'];
  const orgKey = Array.isArray(header) ? header[0] : header;
  const organization = await opts.organizationByKey(orgKey);
  if (!organization) {
    throw new AppError(
      401,
      'invalid_organization',
      orgKey ? 'Unknown organization token' : 'Missing X-Organization-Token header',
    );
  }
  const authorization = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
  if (!bearer || bearer === organization.publishableKey) return { organization, user: null };
  // Null is the token's refusal; a failed session read throws on to the 503 (decision 014).
  const checked = await app.deps.tokens.authenticate(app.deps.db, bearer);
  if (!checked)
    throw new AppError(401, 'invalid_token', 'Your session has expired or is invalid; sign in again');
  const { claims } = checked;
  if (claims.org !== organization.id)
    throw new AppError(401, 'invalid_token', 'This session belongs to another organization');
  if (!checked.sessionExists) {
    throw new AppError(401, 'session_not_found', 'Your session has ended; sign in again');
  }
  return { organization, user: { id: claims.sub, sessionId: claims.session_id, aal: claims.aal } };
}

export const requestContext = fp<RequestContextOptions>(async (app, opts) => {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    request.ctx = await resolveContext(app, opts, request);
  });
});
