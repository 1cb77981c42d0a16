// npm run lighthouse: Lighthouse's mobile audit (simulated slow 4G, 4× CPU slowdown) of the landing
// page signed out and of the dashboard signed in, against the production build served by the real
// server on a fresh demo database, in Debian's Chromium. Prints the median of a few runs per page
// and writes every figure to bench/results/lighthouse.json (decision 021; targets: performance
// ≥ 95, LCP < 2.5 s, first-load JavaScript ≤ 150 kB as transferred).
//
//   npm run lighthouse                 # 3 runs per page
//   npm run lighthouse -- --runs 5     # more runs, steadier medians on a busy machine
//   npm run lighthouse -- --reports /tmp/lh   # also keep every full Lighthouse report there
//   npm run lighthouse -- --calibrate  # CPU slowdown fitted to this machine's speed before each run
//
// Lighthouse's 4× CPU slowdown models a mid-tier phone (benchmark index ~383) on a host of ~1,533
// (its CPU throttling calculator: 1,533 = 4×). On a busy shared machine the host index drops to
// 300–600 and the 4× lands on a far slower phone than intended. --calibrate measures the index in
// the browser just before each audit (Lighthouse's own benchmark) and slows the CPU by index / 383
// instead (at least 1×; more than 4× on a host faster than ~1,533, as this 2-core machine measured
// 3,300–3,850 when quiet), so the figures describe the app on the intended phone either way.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import { compiledServerArgs } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_FAN = { email: 'fan@paddock.demo', password: 'paddock-fan-2026' };
const TARGETS = { performance: 95, lcpMs: 2500, firstLoadJsKb: 150 };
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    reports: { type: 'string' },
    calibrate: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs) || 3);
/** Lighthouse's target device: the mid-tier phone its 4× slowdown models on a ~1,533 host. */
const TARGET_DEVICE_INDEX = 383;

function build() {
  process.stdout.write('Building the web app… ');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    console.log('failed.');
    process.stdout.write(result.stdout + result.stderr);
    process.exit(1);
  }
  console.log('done.');
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The real server (npm start's entry) on a fresh demo database, like the browser journeys use. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-lighthouse-'));
  const child = spawn(process.execPath, await compiledServerArgs(), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_SCALE: '100',
      // Required in production (decision 026): the address the browser uses.
      SITE_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`The server did not start in 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo fan's session, signed in against the real auth API (decision 011). */
async function fanSession(baseUrl) {
  const { organizationKey } = await (await fetch(`${baseUrl}/config.json`)).json();
  const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: organizationKey, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_FAN),
  });
  if (!res.ok) throw new Error(`Signing the demo fan in failed: ${res.status} ${await res.text()}`);
  const session = await res.json();
  return { ...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in };
}

/**
 * The session as the web app keeps it (decision 029, @supabase/ssr's cookie storage): the cookie
 * `sb-<first label of the host>-auth-token`, `base64-` + base64url(JSON), split into `.0`, `.1`…
 * when longer than 3,180 characters (base64url needs no URI escaping, so plain slices match).
 */
function sessionCookies(baseUrl, session) {
  const url = new URL(baseUrl);
  const name = `sb-${url.hostname.split('.')[0]}-auth-token`;
  const value = `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
  const CHUNK = 3180;
  const parts = value.length <= CHUNK ? [[name, value]] : [];
  for (let i = 0; value.length > CHUNK && i * CHUNK < value.length; i += 1) {
    parts.push([`${name}.${i}`, value.slice(i * CHUNK, (i + 1) * CHUNK)]);
  }
  return parts.map(([cookieName, cookieValue]) => ({
    name: cookieName,
    value: cookieValue,
    url: url.origin,
    path: '/',
    sameSite: 'Lax',
  }));
}

/**
 * One Lighthouse run in a fresh Chromium profile (a cold cache, as a fan's first visit). With a
 * session, its cookies are set first and Lighthouse is told not to reset storage.
 */
async function audit(url, session) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    let cpuSlowdownMultiplier = 4;
    if (session || args.calibrate) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      if (session) await browser.setCookie(...sessionCookies(url, session));
      if (args.calibrate) {
        const page = await browser.newPage();
        const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);
        cpuSlowdownMultiplier = Math.max(1, index / TARGET_DEVICE_INDEX);
        await page.close();
      }
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: Boolean(session),
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
    });
    const lhr = result.lhr;
    // A run Lighthouse itself could not complete (e.g. NO_NAVSTART when Chromium reports no
    // navigation) has no figures: the caller runs it again.
    if (lhr.runtimeError) return { failed: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    if (args.reports) {
      mkdirSync(args.reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-') || 'root'}-${Date.now()}.json`;
      writeFileSync(path.join(args.reports, name), JSON.stringify(lhr));
    }
    const requests = lhr.audits['network-requests'].details?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === 'Script');
    const kb = (items) =>
      Number((items.reduce((total, item) => total + (item.transferSize ?? 0), 0) / 1024).toFixed(1));
    // The first-load budget counts what the first screen waited for: the scripts that had arrived
    // when its largest paint happened (observed times, both from the navigation's start). What
    // loads after it (the auth and realtime clients, the toast region) is in jsTransferredKb.
    const observedLcp = lhr.audits.metrics.details?.items?.[0]?.observedLargestContentfulPaint ?? Infinity;
    const figure = (id) => Math.round(lhr.audits[id].numericValue);
    return {
      finalUrl: lhr.finalDisplayedUrl,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
      fcpMs: figure('first-contentful-paint'),
      lcpMs: figure('largest-contentful-paint'),
      tbtMs: figure('total-blocking-time'),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      speedIndexMs: figure('speed-index'),
      firstLoadJsKb: kb(scripts.filter((item) => item.networkEndTime <= observedLcp)),
      jsTransferredKb: kb(scripts),
      totalTransferredKb: Number((lhr.audits['total-byte-weight'].numericValue / 1024).toFixed(1)),
      // Lighthouse's CPU score of this machine during the run: its simulated 4× slowdown applies on
      // top of it, so a busy machine (a low index) scores lower for the same app.
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      cpuSlowdownMultiplier: Number(cpuSlowdownMultiplier.toFixed(2)),
      unusedJsKb: Number(
        ((lhr.audits['unused-javascript'].details?.overallSavingsBytes ?? 0) / 1024).toFixed(1),
      ),
    };
  } finally {
    await chrome.kill();
  }
}

/** Runs Lighthouse may fail to complete (and be repeated) per page before the script gives up. */
const MAX_FAILED_RUNS = 3;

/** The run with the median performance score (ties: the median LCP). */
function median(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)];
}

build();
const server = await startServer();
const pages = {};
try {
  const session = await fanSession(server.baseUrl);
  for (const [name, pagePath, withSession] of [
    ['/ (signed out)', '/', null],
    ['/dashboard (signed in)', '/dashboard', session],
  ]) {
    const results = [];
    for (let attempt = 0; results.length < runs; attempt += 1) {
      if (attempt >= runs + MAX_FAILED_RUNS) throw new Error(`${name}: too many failed Lighthouse runs`);
      const result = await audit(`${server.baseUrl}${pagePath}`, withSession);
      if (result.failed)
        console.log(`${name}: Lighthouse could not complete a run (${result.failed}); running it again`);
      else results.push(result);
    }
    const m = median(results);
    pages[name] = { median: m, runs: results };
    const landed = new URL(m.finalUrl).pathname;
    console.log(
      `${name.padEnd(24)} performance ${m.performance} (runs: ${results.map((r) => r.performance).join(', ')}), ` +
        `LCP ${(m.lcpMs / 1000).toFixed(2)} s, FCP ${(m.fcpMs / 1000).toFixed(2)} s, TBT ${m.tbtMs} ms, CLS ${m.cls}, ` +
        `first-load JS ${m.firstLoadJsKb} kB (all JS ${m.jsTransferredKb} kB) transferred, accessibility ${m.accessibility}, best practices ${m.bestPractices}, ` +
        `machine benchmark index ${m.benchmarkIndex}, CPU slowdown ${m.cpuSlowdownMultiplier}×` +
        (landed === pagePath ? '' : ` — landed on ${landed}`),
    );
  }
} finally {
  await server.stop();
}

const chromium = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
const met = Object.values(pages).every(
  ({ median: m }) =>
    m.performance >= TARGETS.performance &&
    m.lcpMs < TARGETS.lcpMs &&
    m.firstLoadJsKb <= TARGETS.firstLoadJsKb,
);
console.log(
  met
    ? 'Every target met.'
    : `Below target (performance ≥ ${TARGETS.performance}, LCP < ${TARGETS.lcpMs / 1000} s, first-load JS ≤ ${TARGETS.firstLoadJsKb} kB).`,
);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
// The calibrated figures are kept beside the default ones, never in their place.
const resultFile = `bench/results/lighthouse${args.calibrate ? '-calibrated' : ''}.json`;
writeFileSync(
  path.join(root, resultFile),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), chromium, formFactor: 'mobile', calibrated: args.calibrate, runsPerPage: runs, targets: TARGETS, pages }, null, 2)}\n`,
);
console.log(`Written to ${resultFile}`);
