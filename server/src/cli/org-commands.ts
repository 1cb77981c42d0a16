import { isValidTimeZone } from '@paddock/contracts/api/admin';
import { ORGANIZATION_SLUG } from '@paddock/contracts/api/platform';
import { z } from 'zod';
import { inviteOperator } from '../auth/invitations.ts';
import { generatePrivateJwk } from '../auth/signing-keys.ts';
import type { Database } from '../db/engine.ts';
import { createTeam } from '../admin/teams.ts';
import { listOrganizations, rotatePublishableKey } from '../modules/organization/organization-create.ts';
import { rotateSigningKey } from '../platform/secrets.ts';
import { type Io, parseCommandArgs } from './cli-io.ts';

const SLUG = ORGANIZATION_SLUG;

/**
 * create-org --slug SLUG --name NAME [--time-zone ZONE] [--operator-email EMAIL]: a new team with
 * its key, ranks and consents, and an invitation for its first operator (decision 035).
 */
export async function createOrg(args: string[], db: Database, io: Io, usage: string): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    { slug: 'string', name: 'string', 'time-zone': 'string', 'operator-email': 'string' },
    io,
    usage,
  );
  if (!parsed) return 1;
  const slug = parsed.values.slug as string | undefined;
  const name = (parsed.values.name as string | undefined)?.trim();
  const timeZone = (parsed.values['time-zone'] as string | undefined) ?? 'Europe/London';
  if (!slug || !name || parsed.positionals.length > 0) {
    io.err(`create-org needs --slug and --name.\n\n${usage}`);
    return 1;
  }
  if (!SLUG.test(slug)) {
    io.err(`The slug "${slug}" is not valid: use 1–63 lower-case letters, digits and inner dashes.`);
    return 1;
  }
  if (name.length > 100) {
    io.err('The name is longer than 100 characters.');
    return 1;
  }
  if (!isValidTimeZone(timeZone)) {
    io.err(`Unknown time zone "${timeZone}": use an IANA name such as Europe/London.`);
    return 1;
  }
  const operatorEmail = parsed.values['operator-email'] as string | undefined;
  if (operatorEmail !== undefined && !z.email().safeParse(operatorEmail).success) {
    io.err(`"${operatorEmail}" is not an e-mail address.`);
    return 1;
  }
  const org = await createTeam(db, { slug, name, timeZone });
  if (!org) {
    io.err(`An organization with the slug "${slug}" exists already.`);
    return 1;
  }
  io.out(`Created ${org.name} (${org.slug}), time zone ${org.timeZone}, with 10 ranks and 3 consent types.`);
  io.out(`Publishable key (also the organization token, X-Organization-Token): ${org.publishableKey}`);
  if (operatorEmail && io.app) {
    const invitation = await inviteOperator(await io.app(), undefined, org, operatorEmail);
    io.out(
      `Invited ${invitation.email} as the team's operator (the e-mail is sent; the link works for 7 days):`,
    );
    io.out(`  ${invitation.link}`);
  } else {
    io.out(
      `Next: invite the first operator with --operator-email, or let them sign up with this key and run: npm run admin -- grant-role EMAIL operator --org ${org.slug}`,
    );
  }
  return 0;
}

/** list-orgs: every organization with its slug, name, time zone and publishable key. */
export async function listOrgs(args: string[], db: Database, io: Io, usage: string): Promise<number> {
  const parsed = parseCommandArgs(args, {}, io, usage);
  if (!parsed) return 1;
  const orgs = await listOrganizations(db);
  if (orgs.length === 0) {
    io.out('No organization yet: create one with npm run admin -- create-org --slug SLUG --name NAME.');
    return 0;
  }
  for (const o of orgs) io.out(`${o.slug}\t${o.name}\t${o.timeZone}\t${o.publishableKey}`);
  return 0;
}

/** rotate-keys --jwt | --org SLUG: a new token-signing key, or a new publishable key for one team. */
export async function rotateKeys(args: string[], db: Database, io: Io, usage: string): Promise<number> {
  const parsed = parseCommandArgs(args, { jwt: 'boolean', org: 'string' }, io, usage);
  if (!parsed) return 1;
  const { jwt, org } = parsed.values;
  if (Boolean(jwt) === Boolean(org) || parsed.positionals.length > 0) {
    io.err(`rotate-keys needs either --jwt or --org SLUG.\n\n${usage}`);
    return 1;
  }
  if (jwt) {
    const { kid } = await rotateSigningKey(db, generatePrivateJwk);
    io.out(`New signing key ${kid} is current; the previous key stays in the JWKS and keeps verifying.`);
    io.out('Restart the server processes to sign with it (a running process learns it on first sight).');
    return 0;
  }
  const key = await rotatePublishableKey(db, org as string);
  if (!key) {
    io.err(`No organization with the slug "${org}".`);
    return 1;
  }
  io.out(`New publishable key for ${org}: ${key}`);
  io.out('The old key stopped working now; fans pick up the new one when the app next loads /config.json.');
  return 0;
}
