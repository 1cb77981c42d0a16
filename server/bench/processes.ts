/** The processes the bench starts: the production server, bare Fastify and the load generator. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../scripts/build-server.mjs';
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

/**
 * The process and its descendants (the cluster's workers under WORKERS=N), from /proc: the
 * server's cost is theirs together. Just [pid] where /proc is missing.
 */
export function processTree(pid: number): number[] {
  let parents: Map<number, number[]>;
  try {
    parents = new Map();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // Field 4 (ppid), counted after the command name, which may hold spaces.
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
      } catch {
        // exited while listing
      }
    }
  } catch {
    return [pid];
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** Resident and peak memory of a process and its workers from /proc, in MB (null where /proc is missing). */
export function memoryOf(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  if (!pid) return null;
  let rssMb = 0;
  let peakMb = 0;
  for (const member of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${member}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
      rssMb += kb('VmRSS') / 1024;
      peakMb += kb('VmHWM') / 1024;
    } catch {
      if (member === pid) return null;
    }
  }
  return { rssMb, peakMb };
}

export function cpuSecondsOfOne(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted after the command name, in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds a process and its workers have used (user + system, from /proc/<pid>/stat).
 * Unlike req/s it barely moves when other work shares the machine, so it is the figure to
 * compare before and after.
 */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  const own = cpuSecondsOfOne(pid);
  if (own === null) return null;
  return processTree(pid)
    .slice(1)
    .reduce((sum, member) => sum + (cpuSecondsOfOne(member) ?? 0), own);
}

/** The whole machine's CPU clock ticks so far (all cores, from the first line of /proc/stat). */
export interface MachineTicks {
  busy: number;
  total: number;
}

export function machineTicks(): MachineTicks | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const total = cpu.reduce((sum, n) => sum + n, 0);
    // idle and iowait (fields 4 and 5) are the time no process could use a core.
    return { busy: total - cpu[3]! - cpu[4]!, total };
  } catch {
    return null;
  }
}

/**
 * How busy the machine was between two readings, in % of all its cores: the server, PostgreSQL
 * and the load generator together. Near 100 % nothing was left for another server process.
 */
export function busyPercent(from: MachineTicks | null, to: MachineTicks | null): number | null {
  if (!from || !to || to.total <= from.total) return null;
  return (100 * (to.busy - from.busy)) / (to.total - from.total);
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
 * What every bench server is started with: its own data folder, no demo team, and the signing
 * key and app secret the bench minted its fans' tokens with.
 */
export const benchServerEnv = (dataDir: string, jwk: string, tokenLifetimeSeconds: number) => ({
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  JWT_PRIVATE_JWK: jwk,
  APP_SECRET: 'bench-app-secret-'.padEnd(64, 'x'),
  AUTH_JWT_EXPIRY: String(tokenLifetimeSeconds),
});

/**
 * The server as `npm start` runs it, with NODE_ENV=production, on its own port: the compiled
 * build (decision 037), built first when stale. A `serverRoot` from before the build existed
 * (an A/B against an older checkout) runs its sources through tsx, as its `npm start` did.
 * `profileDir` adds --cpu-prof (written when the server shuts down).
 */
function serverEntry(serverRoot: string): string[] {
  const builder = path.join(serverRoot, 'scripts/build-server.mjs');
  if (!existsSync(builder)) return ['--import', 'tsx', path.join(serverRoot, 'server/src/main.ts')];
  const built = spawnSync(process.execPath, [builder], { cwd: serverRoot, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`Building the server failed:\n${built.stdout}${built.stderr}`);
  // This checkout's flags on both sides of an A/B, so a comparison is about the code.
  return [...serverNodeFlags(), path.join(serverRoot, 'server/dist/main.mjs')];
}

export async function startServer(
  env: Record<string, string>,
  port: number,
  logFile: string,
  profileDir?: string,
  serverRoot = ROOT,
) {
  const args = [
    ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
    ...serverEntry(serverRoot),
  ];
  const bannersBefore = bannerCount(logFile, Number(env.WORKERS ?? 1));
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
  const workers = Number(env.WORKERS ?? 1);
  if (workers > 1) await allWorkersListening(logFile, bannersBefore, workers, child, () => stderr);
  return running(child, url);
}

const bannerCount = (logFile: string, workers: number) =>
  readFileSync(logFile, 'utf8').split(`(postgres, ${workers} workers)`).length - 1;

/**
 * /healthz answers as soon as the first worker listens; the measurement must not start before
 * the last one does, or its first seconds run on fewer processes. The primary prints its banner
 * (cluster.ts) once every worker listens.
 */
async function allWorkersListening(
  logFile: string,
  before: number,
  workers: number,
  child: ChildProcess,
  log: () => string,
) {
  const deadline = Date.now() + 120_000;
  while (bannerCount(logFile, workers) <= before) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${log()}`);
    if (Date.now() > deadline)
      throw new Error(`Not all ${workers} workers listened within 2 minutes:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Bare Fastify, as `workers` processes sharing the port through node:cluster when above 1. */
export async function startBareFastify(workers = 1): Promise<Running> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/bench/bare-fastify.ts'), String(port), String(workers)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // It prints one line once every process listens.
  const ready = new Promise<void>((resolve) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('ready')) resolve();
    });
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, () => '');
  await ready;
  return running(child, url);
}

/** One path under load, from the load-generator process; answers its figures. */
/**
 * Runs a bench worker script (`server/bench/<script>`) as its own process on a JSON spec and
 * answers the JSON object it prints last.
 */
export async function runWorker<T>(script: string, spec: object, what: string): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-load-'));
  const file = path.join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/bench', script), file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  await exited(child);
  if (child.exitCode !== 0) throw new Error(`The load generator failed on ${what}`);
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return runWorker<LoadResult>('load-worker.ts', spec, spec.path.name);
}
