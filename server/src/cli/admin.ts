import { fileURLToPath } from 'node:url';
import { parseEnv } from '../config.ts';
import type { Database } from '../db/engine.ts';
import { openDatabase } from '../db/engine.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { organizationBySlug, organizationSlugs } from '../modules/organization/organization-service.ts';
import { accountsByEmail, setAppMetadata } from '../modules/profile/fan-accounts.ts';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-role EMAIL operator|admin [--org SLUG]
      Adds the role to the account's app_metadata.roles (the operator console reads it).
      --org is needed when the e-mail exists in several organizations.
  --help
      Shows this text.

Uses DATABASE_URL, or the embedded database under DATA_DIR (default ./data).`;

const ROLES = ['operator', 'admin'];

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

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

/** The admin commands over an open database; returns the process exit code. */
export async function runAdmin(argv: string[], db: Database, io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'grant-role') {
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 1;
  }
  const positional: string[] = [];
  let orgSlug: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--org') orgSlug = rest[++i];
    else if (arg.startsWith('--org=')) orgSlug = arg.slice('--org='.length);
    else positional.push(arg);
  }
  const [email, role] = positional;
  if (!email || !role || positional.length > 2 || (rest.includes('--org') && !orgSlug)) {
    io.err(`grant-role needs an e-mail and a role.\n\n${USAGE}`);
    return 1;
  }
  if (!ROLES.includes(role)) {
    io.err(`Unknown role "${role}": use operator or admin.`);
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

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    console.log(USAGE);
    process.exit(argv.length === 0 ? 1 : 0);
  }
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    const code = await runAdmin(argv, database.db, {
      out: (l) => console.log(l),
      err: (l) => console.error(l),
    });
    process.exitCode = code;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
