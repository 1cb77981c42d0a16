import { generatePrivateJwk } from '../auth/signing-keys.ts';
import type { Database } from '../db/engine.ts';
import { createDefaultConsentTypes } from '../modules/consent/consent-defaults.ts';
import {
  createOrganization,
  listOrganizations,
  rotatePublishableKey,
} from '../modules/organization/organization-create.ts';
import { organizationBySlug } from '../modules/organization/organization-service.ts';
import { rotateSigningKey } from '../platform/secrets.ts';
import { type Io, parseCommandArgs } from './cli-io.ts';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** create-org --slug SLUG --name NAME [--time-zone ZONE]: a new team with its key, ranks and consents. */
export async function createOrg(args: string[], db: Database, io: Io, usage: string): Promise<number> {
  const parsed = parseCommandArgs(args, { slug: 'string', name: 'string', 'time-zone': 'string' }, io, usage);
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
  if (!validTimeZone(timeZone)) {
    io.err(`Unknown time zone "${timeZone}": use an IANA name such as Europe/London.`);
    return 1;
  }
  if (await organizationBySlug(db, slug)) {
    io.err(`An organization with the slug "${slug}" exists already.`);
    return 1;
  }
  const org = await db.transaction().execute(async (trx) => {
    const created = await createOrganization(trx, { slug, name, timeZone });
    await createDefaultConsentTypes(trx, created.id);
    return created;
  });
  io.out(`Created ${org.name} (${org.slug}), time zone ${org.timeZone}, with 10 ranks and 3 consent types.`);
  io.out(`Publishable key (also the organization token, X-Organization-Token): ${org.publishableKey}`);
  io.out(
    `Next: the team's first operator signs up with this key, then: npm run admin -- grant-role EMAIL operator --org ${org.slug}`,
  );
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
