/** The command line of `npm run bench` (docs/benchmark.md lists every flag). */
import { availableParallelism } from 'node:os';

export type Engine = 'postgres' | 'pglite';

export interface BenchOptions {
  engines: Engine[];
  sizes: number[];
  /** Seconds each path is measured, after the warm-up. */
  duration: number;
  warmup: number;
  connections: number;
  /** Only these paths (names as in the table), or every one when empty. */
  paths: string[];
  profile: boolean;
  quick: boolean;
  /** Skip the pgbench / bare-Fastify limits (faster smoke runs). */
  limits: boolean;
  /** Writes carry an Idempotency-Key as the fan app's do; off with `--no-idempotency-keys`. */
  idempotencyKeys: boolean;
  databaseUrl: string | undefined;
  out: string;
  /** Another checkout whose server is measured (before/after comparisons); default this one. */
  serverRoot: string | undefined;
  /**
   * Another checkout measured on the same seed, its server and this one's started in turn
   * (`rounds` times each, this one first): a before/after pair without seeding twice.
   */
  compareRoot: string | undefined;
  rounds: number;
  /**
   * Server process counts (WORKERS) to measure one after the other, ascending and always
   * starting at 1, the baseline of the scaling ratio; empty: one run as the server defaults.
   */
  workers: number[];
}

const SIZES = new Set([1000, 10_000, 100_000]);
const MAX_WORKERS = 64;

/**
 * `--workers N` compares 1 with N; `--workers 1,2,4` measures each; a bare `--workers` (or
 * `npm run bench --workers`, which npm hands over as npm_config_workers=true) compares 1 with
 * one process per core.
 */
export function workerCounts(raw: string | undefined, cores: number): number[] {
  const counts =
    raw === undefined || raw === '' || raw === 'true'
      ? [cores]
      : raw.split(',').map((part) => {
          const n = Number(part.trim());
          if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
            throw new Error(`--workers takes whole numbers from 1 to ${MAX_WORKERS}, got ${raw}`);
          }
          return n;
        });
  return [...new Set([1, ...counts])].sort((a, b) => a - b);
}

function value(args: string[], i: number, flag: string): string {
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
  return v;
}

function positive(flag: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} must be a positive number, got ${raw}`);
  return n;
}

function fanCount(raw: string): number {
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!SIZES.has(n)) throw new Error(`fan counts are 1000, 10000 or 100000, got ${raw}`);
  return n;
}

export function parseOptions(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cores = availableParallelism(),
): BenchOptions {
  const o: BenchOptions = {
    engines: ['postgres'],
    sizes: [1000],
    duration: 10,
    warmup: 2,
    connections: 50,
    paths: [],
    profile: false,
    quick: false,
    limits: true,
    idempotencyKeys: true,
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    out: 'bench/results/latest.json',
    serverRoot: undefined,
    compareRoot: undefined,
    rounds: 1,
    workers: env.npm_config_workers === undefined ? [] : workerCounts(env.npm_config_workers, cores),
  };
  let durationGiven = false;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    switch (flag) {
      case '--engine': {
        const v = value(args, i++, flag);
        if (v === 'both') o.engines = ['postgres', 'pglite'];
        else if (v === 'postgres' || v === 'pglite') o.engines = [v];
        else throw new Error(`--engine is postgres, pglite or both, got ${v}`);
        break;
      }
      case '--fans':
        o.sizes = [fanCount(value(args, i++, flag))];
        break;
      case '--sizes':
        o.sizes = value(args, i++, flag)
          .split(/,(?=\d)/)
          .map(fanCount);
        break;
      case '--duration':
        o.duration = positive(flag, value(args, i++, flag));
        durationGiven = true;
        break;
      case '--warmup':
        o.warmup = Number(value(args, i++, flag));
        if (!(o.warmup >= 0)) throw new Error('--warmup must be 0 or more seconds');
        break;
      case '--connections':
        o.connections = Math.round(positive(flag, value(args, i++, flag)));
        break;
      case '--paths':
        o.paths = value(args, i++, flag)
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        break;
      case '--out':
        o.out = value(args, i++, flag);
        break;
      case '--server-root':
        o.serverRoot = value(args, i++, flag);
        break;
      case '--compare':
        o.compareRoot = value(args, i++, flag);
        break;
      case '--rounds':
        o.rounds = Math.round(positive(flag, value(args, i++, flag)));
        break;
      case '--profile':
        o.profile = true;
        break;
      case '--no-idempotency-keys':
        o.idempotencyKeys = false;
        break;
      case '--no-limits':
        o.limits = false;
        break;
      case '--workers': {
        const next = args[i + 1];
        o.workers = workerCounts(next === undefined || next.startsWith('--') ? undefined : args[++i], cores);
        break;
      }
      case '--quick':
        o.quick = true;
        break;
      default:
        throw new Error(`Unknown flag ${flag} (see docs/benchmark.md)`);
    }
  }
  if (o.workers.some((n) => n > 1) && o.engines.includes('pglite')) {
    throw new Error('--workers needs PostgreSQL: the embedded database belongs to one process');
  }
  if (o.compareRoot !== undefined && o.workers.length > 0) {
    throw new Error('--compare and --workers each measure several servers on one seed: pick one');
  }
  if (o.quick) {
    o.sizes = [1000];
    if (!durationGiven) o.duration = 2;
    o.warmup = Math.min(o.warmup, 1);
  }
  return o;
}
