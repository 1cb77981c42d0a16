import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createDeps } from '../bootstrap.ts';
import { parseEnv } from '../config.ts';
import type { Database } from '../db/engine.ts';
import type { Io } from './cli-io.ts';
import { grantRole } from './grant-role.ts';
import { createOrg, listOrgs, rotateKeys } from './org-commands.ts';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-role EMAIL operator|admin|platform_admin [--org SLUG]
      Adds the role to the account's app_metadata.roles (the operator console reads it;
      platform_admin may create teams through /api/platform).
      --org is needed when the e-mail exists in several organizations.
  create-org --slug SLUG --name NAME [--time-zone ZONE] [--operator-email EMAIL]
      Creates an organization (a team) with its ten ranks and consent types, and prints its
      publishable key. ZONE is an IANA time zone (default Europe/London). EMAIL is invited as
      the team's first operator: mailed a link (printed too) to choose a password.
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
  // The same start as the server (migrations, stored secrets), so a command can mail through
  // the app (an operator invite) with the server's links and keys.
  const { deps, database } = await createDeps({ ...parseEnv(), LOG_LEVEL: 'silent' });
  let app: FastifyInstance | undefined;
  try {
    const code = await runAdmin(argv, deps.db, {
      out: (l) => console.log(l),
      err: (l) => console.error(l),
      app: async () => {
        app ??= await buildApp(deps, { logger: false, serveWeb: false });
        return app;
      },
    });
    process.exitCode = code;
  } finally {
    await app?.close();
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
