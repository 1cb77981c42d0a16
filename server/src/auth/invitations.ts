import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Organization } from '../db/schema.ts';
import { normalizeEmail } from './auth-input.ts';
import { createAuthHttp } from './auth-http.ts';
import { AuthService } from './auth-service.ts';
import { issueToken } from './one-time-tokens.ts';

export interface Invitation {
  userId: string;
  email: string;
  link: string;
  expiresAt: Date;
}

/**
 * Invites someone to run a team (decision 035): an account in that team with the operator role
 * and no password yet, and a mailed link to choose one. The link is a recovery link (what
 * GoTrue's invite amounts to for the client: it signs the person in and the app asks for a
 * password), valid for a week, on the team's own site. An address the team already knows keeps
 * its password and gains the role; the link then simply signs it in.
 */
export async function inviteOperator(
  app: FastifyInstance,
  request: FastifyRequest | undefined,
  org: Organization,
  rawEmail: string,
): Promise<Invitation> {
  const auth = new AuthService(app, createAuthHttp(app));
  const email = normalizeEmail(rawEmail);
  let user = await auth.findByEmail(org, email);
  if (!user) {
    user = await auth.createUser(org, { email, confirmed: false, provider: 'email' });
  }
  const roles = Array.isArray(user.appMetadata.roles) ? (user.appMetadata.roles as string[]) : [];
  if (!roles.includes('operator')) {
    user = await auth.updateUser(user, {
      appMetadata: JSON.stringify({ ...user.appMetadata, roles: [...roles, 'operator'] }),
      updatedAt: auth.now(),
    });
  }
  const sent = await issueToken(auth, request, user, 'recovery', {
    recipient: email,
    channel: 'email',
    org,
    invitation: {
      subject: `You are invited to run ${org.name} on Paddock`,
      intro: `You are invited to run ${org.name}'s fan club on Paddock. Follow the link to choose your password; it works for 7 days.`,
    },
  });
  return { userId: user.id, email, link: sent.link ?? '', expiresAt: sent.expiresAt };
}
