import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/engine.ts';
import type { Organization } from '../db/schema.ts';
import { requireUser } from './request-context.ts';

/**
 * The first parameter of every use-case service function (server/src/README.md, "Service
 * signature style"): which organization, at what time (the app's clock, never the database's,
 * decision 006), on which database handle. Inside a transaction the same call is passed
 * on as `{ ...call, db: trx }`.
 */
export interface OrgCall {
  db: Database;
  org: Organization;
  now: Date;
}

/** A reader who may be anonymous (the logged-off dashboard, public pages): userId null. */
export interface ViewerCall extends OrgCall {
  userId: string | null;
}

/** A signed-in fan acting for themselves. */
export interface FanCall extends OrgCall {
  userId: string;
}

/** An operator acting on the organization; every change they make is audited with actorUserId. */
export interface OperatorCall extends OrgCall {
  actorUserId: string;
}

export function orgCall(request: FastifyRequest): OrgCall {
  const { db, clock } = request.server.deps;
  return { db, org: request.ctx.organization, now: clock.now() };
}

export function viewerCall(request: FastifyRequest): ViewerCall {
  return { ...orgCall(request), userId: request.ctx.user?.id ?? null };
}

/** The signed-in fan's call; 401 for an anonymous caller (product §8). */
export function fanCall(request: FastifyRequest): FanCall {
  const user = requireUser(request);
  return { ...orgCall(request), userId: user.id };
}
