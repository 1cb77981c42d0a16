import type { Database } from '../db/engine.ts';
import { organizationBySlug, organizationSlugs } from '../modules/organization/organization-service.ts';
import { accountsByEmail, setAppMetadata } from '../modules/profile/fan-accounts.ts';
import { type Io, parseCommandArgs } from './cli-io.ts';

const ROLES = ['operator', 'admin', 'platform_admin'];

/** The accounts with this e-mail, in the organization `orgSlug` names or in any, with their organization's slug. */
async function accountsWithSlug(db: Database, email: string, orgSlug: string | undefined) {
  let accounts = await accountsByEmail(db, email);
  if (orgSlug) {
    const org = await organizationBySlug(db, orgSlug);
    accounts = accounts.filter((a) => a.organizationId === org?.id);
  }
  const slugs = await organizationSlugs(
    db,
    accounts.map((a) => a.organizationId),
  );
  return accounts.map((a) => ({ ...a, slug: slugs.get(a.organizationId) ?? '' }));
}

/** grant-role EMAIL operator|admin|platform_admin [--org SLUG]: adds the role to the account's app_metadata.roles. */
export async function grantRole(args: string[], db: Database, io: Io, usage: string): Promise<number> {
  const parsed = parseCommandArgs(args, { org: 'string' }, io, usage);
  if (!parsed) return 1;
  const orgSlug = parsed.values.org as string | undefined;
  const [email, role] = parsed.positionals;
  if (!email || !role || parsed.positionals.length > 2) {
    io.err(`grant-role needs an e-mail and a role.\n\n${usage}`);
    return 1;
  }
  if (!ROLES.includes(role)) {
    io.err(`Unknown role "${role}": use operator, admin or platform_admin.`);
    return 1;
  }
  const matches = await accountsWithSlug(db, email, orgSlug);
  if (matches.length === 0) {
    io.err(`No account with the e-mail ${email}${orgSlug ? ` in organization "${orgSlug}"` : ''}.`);
    return 1;
  }
  if (matches.length > 1) {
    io.err(
      `${email} exists in several organizations (${matches.map((m) => m.slug).join(', ')}): add --org SLUG.`,
    );
    return 1;
  }
  const user = matches[0]!;
  const roles = Array.isArray(user.appMetadata.roles) ? (user.appMetadata.roles as string[]) : [];
  if (roles.includes(role)) {
    io.out(`${email} (${user.slug}) already has the ${role} role.`);
    return 0;
  }
  const appMetadata = { ...user.appMetadata, roles: [...roles, role] };
  await setAppMetadata(db, user.organizationId, user.id, appMetadata);
  io.out(`Granted ${role} to ${email} (${user.slug}). Roles: ${appMetadata.roles.join(', ')}.`);
  return 0;
}
