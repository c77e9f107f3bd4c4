// `make lighthouse`: Lighthouse 12 (mobile preset, the default: simulated slow 4G and a
// mid-range phone CPU) in Debian's chromium against the real lockerd binary with the
// embedded web build. Prints the performance score of each page and its metrics (medians
// of LIGHTHOUSE_RUNS runs, default 3, the pages taking turns, after one request for every file)
// and fails below LIGHTHOUSE_MIN (default 95).
// Reports land in e2e/artifacts/lighthouse-<page>-<run>.report.json.
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLockerd } from '../e2e/lib/lockerd.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'e2e', 'node_modules', '.bin', 'lighthouse');
const artifacts = join(root, 'e2e', 'artifacts');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const min = Number(process.env.LIGHTHOUSE_MIN ?? 95);
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/login,/').split(',');
const chromeFlags = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
].join(' ');

const slug = (p) => (p === '/' ? 'home' : p.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await mkdir(artifacts, { recursive: true });
const server = await startLockerd();
let failed = false;
try {
  await warm(server.url);
  // The pages take turns run by run, so that both see the same machine (on two shared CPUs the load
  // drifts within minutes).
  const results = Object.fromEntries(pages.map((p) => [p, { scores: [], values: {}, ended: '' }]));
  for (let i = 1; i <= runs; i++) {
    for (const page of pages) {
      const report = await lighthouse(page, join(artifacts, `lighthouse-${slug(page)}-${i}`));
      const r = results[page];
      r.scores.push(Math.round(report.categories.performance.score * 100));
      for (const k of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
        (r.values[k] ??= []).push(report.audits[k].numericValue);
      }
      if (report.finalDisplayedUrl !== server.url + page) r.ended = ` (ended on ${new URL(report.finalDisplayedUrl).pathname})`;
    }
  }
  for (const page of pages) {
    const { scores, values, ended } = results[page];
    const metrics = Object.entries(values)
      .map(([k, xs]) => `${k.replace(/-/g, ' ')} ${k === 'cumulative-layout-shift' ? median(xs).toFixed(3) : `${Math.round(median(xs))} ms`}`)
      .join(', ');
    const score = median(scores);
    if (score < min) failed = true;
    console.log(`lighthouse ${page}: performance ${score} (runs ${scores.join(', ')}; minimum ${min}) — medians: ${metrics}${ended}`);
  }
} finally {
  await server.stop();
}

/**
 * warm asks once for the page and every file of the web build, as earlier visitors would have: lockerd
 * gzips each file on its first request, and the first run would otherwise measure that too.
 */
async function warm(base) {
  const assets = await readdir(join(root, 'web', 'dist', 'assets'));
  for (const path of ['/login', ...assets.map((a) => `/assets/${a}`)]) {
    const res = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' } });
    await res.arrayBuffer();
  }
}

/** lighthouse runs Lighthouse once on page; Chromium sometimes records a trace without navigationStart under load (NO_NAVSTART): such a run is repeated, up to twice. */
async function lighthouse(page, out) {
  for (let attempt = 1; ; attempt++) {
    const res = spawnSync(bin, [
      server.url + page,
      '--only-categories=performance',
      '--output=json', '--output-path=' + out + '.report.json',
      `--chrome-flags=${chromeFlags}`,
      '--quiet',
    ], { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8' });
    const report = res.status === 0 ? JSON.parse(await readFile(`${out}.report.json`, 'utf8')) : null;
    const problem = res.status !== 0 ? res.stderr : report.runtimeError?.message;
    if (!problem) return report;
    if (attempt === 3) throw new Error(`lighthouse failed on ${page}: ${problem}`);
  }
}
if (failed) {
  console.error(`lighthouse: a page scored below ${min}`);
  process.exit(1);
}
