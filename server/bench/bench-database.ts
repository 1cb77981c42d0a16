/** The bench's own databases on a PostgreSQL server: created fresh per run, dropped after. */
import pg from 'pg';

export const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Without FORCE: forcing would terminate a connection the closed pool is still letting go of,
 * and node-postgres reports that as an unhandled error. The bench's own connections are all
 * closed by now, so a short retry suffices.
 */
export async function dropDatabase(serverUrl: string, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, `drop database if exists ${name}`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export function databaseUrlFor(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
