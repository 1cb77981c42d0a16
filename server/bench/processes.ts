/** The processes the bench starts: the production server, bare Fastify and the load generator. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './load-plan.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The server serves the built SPA as in production; build it once when it is missing. */
export function ensureWebBuilt() {
  if (existsSync(path.join(ROOT, 'web/dist/index.html'))) return;
  console.log('Building the web app (web/dist is missing)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** Resident and peak memory of a process from /proc, in MB (null where /proc is missing). */
export function memoryOf(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/**
 * CPU seconds a process has used (user + system, from /proc/<pid>/stat). Unlike req/s it barely
 * moves when other work shares the machine, so it is the figure to compare before and after.
 */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted after the command name, in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export interface Running {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** A started server: stopping it sends SIGTERM and waits until the process has exited. */
function running(child: ChildProcess, url: string): Running {
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer ${url} within 2 minutes:\n${log()}`);
}

/**
 * `node --import tsx server/src/main.ts` with NODE_ENV=production, exactly what `npm start`
 * runs, on its own port; `profileDir` adds --cpu-prof (written when the server shuts down).
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  logFile: string,
  profileDir?: string,
  serverRoot = ROOT,
) {
  const args = [
    ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
    '--import',
    'tsx',
    path.join(serverRoot, 'server/src/main.ts'),
  ];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    // The log goes to a file, as a deployment's would; the bench points at it when errors show.
    stdio: ['ignore', openSync(logFile, 'a'), 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/healthz`, child, () => stderr);
  return running(child, url);
}

export async function startBareFastify(): Promise<Running> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/bench/bare-fastify.ts'), String(port)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, () => '');
  return running(child, url);
}

/** One path under load, from the load-generator process; answers its figures. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-load-'));
  const file = path.join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/bench/load-worker.ts'), file],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  await exited(child);
  if (child.exitCode !== 0) throw new Error(`The load generator failed on ${spec.path.name}`);
  return JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
}
