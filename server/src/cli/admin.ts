import { fileURLToPath } from 'node:url';
import { parseEnv } from '../config.ts';
import type { Database } from '../db/engine.ts';
import { openDatabase } from '../db/engine.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Io } from './cli-io.ts';
import { grantRole } from './grant-role.ts';
import { createOrg, listOrgs, rotateKeys } from './org-commands.ts';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-role EMAIL operator|admin [--org SLUG]
      Adds the role to the account's app_metadata.roles (the operator console reads it).
      --org is needed when the e-mail exists in several organizations.
  create-org --slug SLUG --name NAME [--time-zone ZONE]
      Creates an organization (a team) with its ten ranks and consent types, and prints its
      publishable key. ZONE is an IANA time zone (default Europe/London).
  list-orgs
      Lists every organization: slug, name, time zone, publishable key.
  rotate-keys --jwt | --org SLUG
      --jwt: a new key signs access tokens; the previous one keeps verifying until its tokens
      expire. --org: a new publishable key for that organization (the old one stops at once).
  --help
      Shows this text.

Uses DATABASE_URL, or the embedded database under DATA_DIR (default ./data).`;

type Command = (args: string[], db: Database, io: Io, usage: string) => Promise<number>;
const COMMANDS: Record<string, Command> = {
  'grant-role': grantRole,
  'create-org': createOrg,
  'list-orgs': listOrgs,
  'rotate-keys': rotateKeys,
};

/** The admin commands over an open database; returns the process exit code. */
export async function runAdmin(argv: string[], db: Database, io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 1;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!run) {
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 1;
  }
  return run(rest, db, io, USAGE);
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
