import pg from 'pg';
import { openDatabase } from '../src/db/engine.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Before the PostgreSQL run: create the test database when it does not exist and migrate it
 * once, so test files (which share it and isolate by organization) never race on DDL.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const target = new URL(url);
  const name = target.pathname.replace(/^\//, '');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
  await client.end();
  const handle = await openDatabase({ databaseUrl: url });
  await migrateToLatest(handle.db);
  await handle.close();
}
