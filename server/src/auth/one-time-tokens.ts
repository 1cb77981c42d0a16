import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Organization, User } from '../db/schema.ts';
import { sendMessage } from '../platform/outbox.ts';
import { type PkceParams, sha256hex } from './auth-input.ts';
import { authError, isUuid, siteUrl } from './auth-http.ts';
import type { AuthService } from './auth-service.ts';
import type { OneTimeTokenKind } from './auth-tables.ts';

/**
 * One-time tokens (auth-compat §5, §7, §8): a mailed link token and a 6-digit code, issued,
 * sent through the outbox and consumed once; with PKCE, a flow state the client redeems.
 */

/** Seconds a mailed token / an SMS code stays valid (auth-compat §8). */
const EXPIRY = { email: 3600, sms: 60 };
export const MESSAGE_SPACING_SECONDS = 60;
/** An invitation to run a new team waits a week: the new operator may not read mail at once. */
const INVITE_EXPIRY_SECONDS = 7 * 24 * 3600;
/** A verified PKCE flow state must be redeemed within 5 minutes. */
const FLOW_STATE_TTL_MS = 300_000;

const LINK_TYPE: Record<OneTimeTokenKind, string> = {
  confirmation: 'signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  phone_confirmation: 'sms',
  phone_change: 'phone_change',
  reauthentication: 'reauthentication',
};

const SUBJECT: Record<OneTimeTokenKind, string> = {
  confirmation: 'Confirm your sign-up',
  magiclink: 'Your sign-in link',
  recovery: 'Reset your password',
  email_change: 'Confirm your new e-mail address',
  phone_confirmation: 'Your code',
  phone_change: 'Confirm your new phone number',
  reauthentication: 'Confirm it is you',
};

const otpExpired = () => authError(403, 'otp_expired', 'Token has expired or is invalid');

/** auth-compat §8: one message of a kind per user per 60 s (429 over_email_send_rate_limit). */
async function assertMessageSpacing(
  auth: AuthService,
  user: User,
  kind: OneTimeTokenKind,
  channel: 'email' | 'sms',
) {
  const last = await auth.db
    .selectFrom('authOneTimeTokens')
    .select('createdAt')
    .where('userId', '=', user.id)
    .where('kind', '=', kind)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lastMs = last ? new Date(last.createdAt).getTime() : 0;
  const waitMs = lastMs + MESSAGE_SPACING_SECONDS * 1000 - auth.now().getTime();
  if (waitMs > 0) {
    throw authError(
      429,
      channel === 'email' ? 'over_email_send_rate_limit' : 'over_sms_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
    );
  }
}

async function createFlowState(auth: AuthService, user: User, pkce: PkceParams, method: string) {
  return auth.db
    .insertInto('authFlowStates')
    .values({
      organizationId: user.organizationId,
      userId: user.id,
      codeChallenge: pkce.challenge,
      codeChallengeMethod: pkce.method,
      authenticationMethod: method,
      createdAt: auth.now(),
      verifiedAt: null,
    })
    .returning(['id', 'authCode'])
    .executeTakeFirstOrThrow();
}

/**
 * Issues a one-time token (a link token and a 6-digit code) and sends it. Earlier unused
 * tokens of the same kind are withdrawn, so only the newest message works.
 */
export async function issueToken(
  auth: AuthService,
  request: FastifyRequest | undefined,
  user: User,
  kind: OneTimeTokenKind,
  opts: {
    recipient: string;
    channel: 'email' | 'sms';
    pkce?: PkceParams | null;
    redirectTo?: string | null;
    /** The team the link leads to when it is not the request's (an invitation to a new team). */
    org?: { slug: string };
    /**
     * An invitation (decision 035): its own wording, a week to follow it, and a link into the
     * app (`/?token_hash=…&type=…`), which verifies it itself — a link nobody's browser asked
     * for has no PKCE verifier, and the app's client ignores sessions in a URL fragment.
     */
    invitation?: { subject: string; intro: string };
  },
): Promise<{ code: string; link: string | null; expiresAt: Date }> {
  await assertMessageSpacing(auth, user, kind, opts.channel);
  const now = auth.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const flow = opts.pkce ? await createFlowState(auth, user, opts.pkce, LINK_TYPE[kind]) : null;
  const linkToken = `${flow ? 'pkce_' : ''}${randomBytes(28).toString('hex')}`;
  const expiresAt = new Date(
    now.getTime() + (opts.invitation ? INVITE_EXPIRY_SECONDS : EXPIRY[opts.channel]) * 1000,
  );
  // Validated against the origin the request came to, and kept with the token: the link's
  // own redirect_to cannot be swapped later.
  const redirect = auth.http.redirectTarget(request, opts.redirectTo, opts.org);
  await auth.db
    .updateTable('authOneTimeTokens')
    .set({ consumedAt: now })
    .where('userId', '=', user.id)
    .where('kind', '=', kind)
    .where('consumedAt', 'is', null)
    .execute();
  await auth.db
    .insertInto('authOneTimeTokens')
    .values({
      organizationId: user.organizationId,
      userId: user.id,
      kind,
      recipient: opts.recipient,
      tokenHash: sha256hex(linkToken),
      codeHash: sha256hex(`${opts.recipient}:${code}`),
      flowStateId: flow?.id ?? null,
      redirectTo: redirect,
      createdAt: now,
      expiresAt,
      consumedAt: null,
    })
    .execute();
  await auth.upsertState(user, { lastMessageSentAt: now });
  const site = siteUrl(auth.app, request, opts.org);
  const link =
    opts.channel !== 'email' || kind === 'reauthentication'
      ? null
      : opts.invitation
        ? `${site}/?token_hash=${linkToken}&type=${LINK_TYPE[kind]}`
        : `${site}/auth/v1/verify?token=${linkToken}&type=${LINK_TYPE[kind]}&redirect_to=${encodeURIComponent(redirect)}`;
  const body =
    opts.channel === 'sms'
      ? `Your code is ${code}`
      : `${opts.invitation?.intro ?? `${SUBJECT[kind]}.`}\n\nYour code: ${code}${link ? `\nOr follow this link: ${link}` : ''}\n\nIf you did not ask for this, ignore this message.`;
  await sendMessage(auth.app.deps, auth.app.log, {
    organizationId: user.organizationId,
    channel: opts.channel,
    recipient: opts.recipient,
    subject: opts.channel === 'email' ? (opts.invitation?.subject ?? SUBJECT[kind]) : null,
    body,
    payload: { kind, type: LINK_TYPE[kind], code, link, token_hash: linkToken, userId: user.id },
  });
  return { code, link, expiresAt };
}

/** Consumes the newest matching token once; 403 otp_expired otherwise (GoTrue wording). */
export async function consumeByCode(
  auth: AuthService,
  org: Organization,
  recipient: string,
  kinds: OneTimeTokenKind[],
  code: string,
) {
  const row = await auth.db
    .updateTable('authOneTimeTokens')
    .set({ consumedAt: auth.now() })
    .where('organizationId', '=', org.id)
    .where('recipient', '=', recipient)
    .where('kind', 'in', kinds)
    .where('codeHash', '=', sha256hex(`${recipient}:${code.trim()}`))
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', auth.now())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw otpExpired();
  return row;
}

export async function consumeByLink(
  auth: AuthService,
  org: Organization | null,
  linkToken: string,
  kinds: OneTimeTokenKind[],
) {
  let q = auth.db
    .updateTable('authOneTimeTokens')
    .set({ consumedAt: auth.now() })
    .where('tokenHash', '=', sha256hex(linkToken.trim()))
    .where('kind', 'in', kinds)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', auth.now());
  if (org) q = q.where('organizationId', '=', org.id);
  const row = await q.returningAll().executeTakeFirst();
  if (!row) throw otpExpired();
  return row;
}

/**
 * Applies what a consumed token proves (a confirmed address, a changed e-mail or phone) and
 * returns the user it signs in.
 */
export async function applyToken(
  auth: AuthService,
  org: Organization,
  row: { userId: string; kind: OneTimeTokenKind; recipient: string },
): Promise<User> {
  const now = auth.now();
  const user = await auth.findById(row.userId, org);
  if (!user) throw otpExpired();
  auth.assertNotBanned(user, 403);
  let set: Partial<Record<string, unknown>> = {};
  switch (row.kind) {
    case 'confirmation':
    case 'magiclink':
    case 'recovery':
      if (!user.emailConfirmedAt) set = { emailConfirmedAt: now };
      break;
    case 'phone_confirmation':
      if (!user.phoneConfirmedAt) set = { phoneConfirmedAt: now };
      break;
    case 'email_change': {
      const taken = await auth.findByEmail(org, row.recipient);
      if (taken && taken.id !== user.id) {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      set = { email: row.recipient, emailConfirmedAt: now };
      await auth.upsertState(user, { newEmail: null, emailChangeSentAt: null });
      break;
    }
    case 'phone_change':
      set = { phone: row.recipient, phoneConfirmedAt: now };
      await auth.upsertState(user, { newPhone: null, phoneChangeSentAt: null });
      break;
    default:
      throw otpExpired();
  }
  if (Object.keys(set).length === 0) return user;
  return auth.updateUser(user, set);
}

/** A mailed PKCE link was followed: its flow state is verified; answers the code to redeem, if any. */
export async function verifyFlowState(auth: AuthService, flowStateId: string) {
  const flow = await auth.db
    .updateTable('authFlowStates')
    .set({ verifiedAt: auth.now() })
    .where('id', '=', flowStateId)
    .returning('authCode')
    .executeTakeFirst();
  return flow?.authCode;
}

const flowStateNotFound = () =>
  authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');

/**
 * The pkce grant (auth-compat §7): redeems a verified flow state once, within 5 minutes, when
 * the verifier matches its challenge. Answers the user and how they authenticated.
 */
export async function redeemFlowState(
  auth: AuthService,
  org: Organization,
  authCode: string,
  verifier: string,
) {
  if (!isUuid(authCode)) throw flowStateNotFound();
  const flow = await auth.db
    .selectFrom('authFlowStates')
    .selectAll()
    .where('authCode', '=', authCode)
    .where('organizationId', '=', org.id)
    .where('verifiedAt', 'is not', null)
    .executeTakeFirst();
  if (!flow) throw flowStateNotFound();
  const issued = new Date(flow.verifiedAt ?? flow.createdAt).getTime();
  if (auth.now().getTime() - issued > FLOW_STATE_TTL_MS) {
    await auth.db.deleteFrom('authFlowStates').where('id', '=', flow.id).execute();
    throw authError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const expected =
    flow.codeChallengeMethod === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  if (expected !== flow.codeChallenge) {
    throw authError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  // Single use: only the request that deletes the flow state gets the session.
  const deleted = await auth.db
    .deleteFrom('authFlowStates')
    .where('id', '=', flow.id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw flowStateNotFound();
  return { userId: flow.userId, method: flow.authenticationMethod };
}
