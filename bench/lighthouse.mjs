// `make lighthouse`: Lighthouse 12 (mobile preset, the default: simulated slow 4G and a
// phone CPU, 4× slower than this machine's) in Debian's chromium against the real lockerd
// binary, for the web app and, beside it in the same run, the reference app
// (bench/reference-app: React, react-router, TanStack Query and @trpc/client rendering the
// same sign-in form, built with the same Vite settings, served by the same lockerd through
// LOCKERD_BENCH_WEB_DIR). The two apps and the pages take turns run by run, so that a change
// in the machine's load falls on all alike.
//
// Prints per page and app the median (LIGHTHOUSE_RUNS runs, default 5) performance score and
// metrics, the main thread's longest tasks in the median run (where the time goes), and
// fails unless, for every page, the app's total blocking time is at most the reference's
// + 100 ms and its score at least the reference's − 3. LIGHTHOUSE_MIN (unset by default:
// a loaded machine makes absolute figures meaningless) adds an absolute minimum score.
// Reports land in e2e/artifacts/lighthouse-<app>-<page>-<run>.report.json.
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLockerd } from '../e2e/lib/lockerd.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'e2e', 'node_modules', '.bin', 'lighthouse');
const artifacts = join(root, 'e2e', 'artifacts');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const min = process.env.LIGHTHOUSE_MIN ? Number(process.env.LIGHTHOUSE_MIN) : null;
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/login,/').split(',');
// The targets against the reference (issue 29).
const tbtMargin = 100;
const scoreMargin = 3;
const chromeFlags = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
].join(' ');
const metricKeys = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

const slug = (p) => (p === '/' ? 'home' : p.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

await mkdir(artifacts, { recursive: true });
const refDist = join(root, 'bench', 'reference-app', 'dist');
const apps = {
  app: { dist: join(root, 'web', 'dist'), server: await startLockerd() },
  reference: { dist: refDist, server: await startLockerd({ env: { LOCKERD_BENCH_WEB_DIR: refDist } }) },
};
let failed = false;
try {
  for (const a of Object.values(apps)) await warm(a.server.url, a.dist);
  const results = {};
  for (const name of Object.keys(apps)) {
    for (const page of pages) results[`${name} ${page}`] = { runs: [] };
  }
  const loadAtStart = load();
  for (let i = 1; i <= runs; i++) {
    for (const page of pages) {
      for (const [name, a] of Object.entries(apps)) {
        const report = await lighthouse(a.server.url + page, join(artifacts, `lighthouse-${name}-${slug(page)}-${i}`));
        results[`${name} ${page}`].runs.push({
          score: Math.round(report.categories.performance.score * 100),
          values: Object.fromEntries(metricKeys.map((k) => [k, report.audits[k].numericValue])),
          tasks: longTasks(report),
          ended: new URL(report.finalDisplayedUrl).pathname,
        });
      }
    }
  }
  console.log(`lighthouse: ${runs} runs each, the apps and pages taking turns; load average ${loadAtStart} at the start, ${load()} at the end`);
  for (const page of pages) {
    const sum = {};
    for (const name of Object.keys(apps)) {
      const r = results[`${name} ${page}`].runs;
      const score = median(r.map((x) => x.score));
      const tbt = median(r.map((x) => x.values['total-blocking-time']));
      sum[name] = { score, tbt };
      const metrics = metricKeys
        .map((k) => {
          const m = median(r.map((x) => x.values[k]));
          return `${k.replace(/-/g, ' ')} ${k === 'cumulative-layout-shift' ? m.toFixed(3) : `${Math.round(m)} ms`}`;
        })
        .join(', ');
      // The run whose TBT is the median one: its long tasks say where the time went.
      const mid = [...r].sort((x, y) => x.values['total-blocking-time'] - y.values['total-blocking-time'])[Math.floor(r.length / 2)];
      console.log(`lighthouse ${page} ${name}: performance ${score} (runs ${r.map((x) => x.score).join(', ')}) — medians: ${metrics} (ended on ${mid.ended})`);
      console.log(`  long tasks of the median run (ms at the simulated phone's speed): ${mid.tasks || 'none'}`);
    }
    const okTbt = sum.app.tbt <= sum.reference.tbt + tbtMargin;
    const okScore = sum.app.score >= sum.reference.score - scoreMargin;
    const okMin = min === null || sum.app.score >= min;
    if (!okTbt || !okScore || !okMin) failed = true;
    console.log(`lighthouse ${page}: app TBT ${Math.round(sum.app.tbt)} ms vs reference ${Math.round(sum.reference.tbt)} ms ` +
      `(target ≤ +${tbtMargin}: ${okTbt ? 'met' : 'MISSED'}), score ${sum.app.score} vs ${sum.reference.score} ` +
      `(target ≥ −${scoreMargin}: ${okScore ? 'met' : 'MISSED'})${min === null ? '' : `, minimum ${min}: ${okMin ? 'met' : 'MISSED'}`}`);
  }
} finally {
  for (const a of Object.values(apps)) await a.server.stop();
}

/**
 * warm asks once for the page and every file of a build, as earlier visitors would have: lockerd
 * gzips each file on its first request, and the first run would otherwise measure that too.
 */
async function warm(base, dist) {
  const assets = await readdir(join(dist, 'assets'));
  for (const path of ['/login', ...assets.map((a) => `/assets/${a}`)]) {
    const res = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' } });
    await res.arrayBuffer();
  }
}

/** longTasks names the main thread's tasks over 50 ms of a report (Lighthouse's long-tasks audit), longest first. */
function longTasks(report) {
  const items = report.audits['long-tasks']?.details?.items ?? [];
  return [...items]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 6)
    .map((t) => `${Math.round(t.duration)} ${String(t.url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)'}@${Math.round(t.startTime)}`)
    .join(', ');
}

/** lighthouse runs Lighthouse once on url; Chromium sometimes records a trace without navigationStart under load (NO_NAVSTART): such a run is repeated, up to twice. */
async function lighthouse(url, out) {
  for (let attempt = 1; ; attempt++) {
    const res = spawnSync(bin, [
      url,
      '--only-categories=performance',
      '--output=json', '--output-path=' + out + '.report.json',
      `--chrome-flags=${chromeFlags}`,
      '--quiet',
    ], { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8' });
    const report = res.status === 0 ? JSON.parse(await readFile(`${out}.report.json`, 'utf8')) : null;
    const problem = res.status !== 0 ? res.stderr : report.runtimeError?.message;
    if (!problem) return report;
    if (attempt === 3) throw new Error(`lighthouse failed on ${url}: ${problem}`);
  }
}
if (failed) {
  console.error('lighthouse: a target against the reference app was missed');
  process.exit(1);
}
