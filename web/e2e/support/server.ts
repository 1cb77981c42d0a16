import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compiledServerArgs } from '../../../scripts/build-server.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed so far (with LOG_LEVEL=info this includes the outbox: links and codes). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The real server (npm start's compiled entry) on a fresh PGlite under a temporary DATA_DIR, seeded
 * with the demo season, serving the built SPA (`npm run build` first; `npm run e2e` does).
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { port?: number; dataDir?: string; keepData?: boolean } = {},
): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'paddock-e2e-'));
  // `{port}` in a value stands for the port chosen here (ORG_HOSTS names origins on it).
  const ownEnv = Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v.replaceAll('{port}', String(port))]),
  );
  // The compiled server, as `npm start` runs it (decision 037).
  const child: ChildProcess = spawn(process.execPath, await compiledServerArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_SCALE: '100',
      // Links in e-mails (recovery, confirmation) point at the address the browser uses.
      SITE_URL: `http://127.0.0.1:${port}`,
      ...ownEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start in 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
