import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** True when the PostgreSQL 15 binaries are installed (the fault tests skip otherwise). */
export const canRunThrowawayPostgres = existsSync(path.join(BIN, 'initdb'));

export interface ThrowawayPostgres {
  url: string;
  port: number;
  start(): void;
  /** `pg_ctl stop -m fast`: every connection is terminated, as an operator's restart would. */
  stop(): void;
  destroy(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A PostgreSQL cluster of its own (initdb into a temp dir, a free port), so a test may stop or
 * kill it without touching the shared server. As root, the binaries run as the postgres user.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-pg-'));
  const asRoot = userInfo().uid === 0;
  const run = (bin: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...args]]
      : [path.join(BIN, bin), args];
    execFileSync(cmd as string, argv as string[], { stdio: 'pipe' });
  };
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pg: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
