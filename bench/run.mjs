// `make bench`: lockerd, a bare net/http handler (tools/barerpc: the platform's floor) and the
// Node @trpc/server reference (bench/node-ref/server.mjs) side by side in one run. All serve
// the same procedures under /c-core/trpc/hybrid; wrk drives each scenario at concurrency 1,
// 16 and 64, the servers taking turns, and the script prints requests per second, p50/p99
// latency and lockerd's ratios to the bare handler and to Node, with the load average.
//
// Every server works on one throw-away PostgreSQL database (created here, migrated by
// lockerd, dropped at the end): the mutation scenario writes a row per request on every
// server. The queries do not touch it (lockerd's health check pings it once a second).
//
// lockerd is measured twice: with every core (Go's default) and with GOMAXPROCS=1, one
// core, as much as Node's event loop. On a small machine wrk's own threads share the
// cores with the server; with every core lockerd's threads and wrk's take turns on
// them, and the operating system's time slices show up in lockerd's p99.
//
// Environment (all optional):
//   BENCH_DURATION   seconds per measurement (default 5)
//   BENCH_WARMUP     seconds of warm-up per server and scenario (default 1)
//   BENCH_CONNS      comma list of concurrencies (default 1,16,64)
//   BENCH_SCENARIOS  comma list of scenario names (default: all)
//   BENCH_JSON       write the raw results to this file as JSON
//   BENCH_DATABASE_URL  PostgreSQL server to create the database on
//                    (default postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable)
import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, startLockerd } from '../e2e/lib/lockerd.mjs';
import { scenarios } from './scenarios.mjs';

const requireFromE2E = createRequire(new URL('../e2e/package.json', import.meta.url));
const { default: pg } = await import(pathToFileURL(requireFromE2E.resolve('pg')).href);

const here = dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 5);
const warmup = Number(process.env.BENCH_WARMUP ?? 1);
const conns = (process.env.BENCH_CONNS ?? '1,16,64').split(',').map(Number);
const wanted = process.env.BENCH_SCENARIOS?.split(',');
const luaScript = join(here, 'wrk', 'trpc.lua');

if (spawnSync('wrk', ['--version']).error) {
  console.error('bench: wrk is not installed (Debian: apt-get install -y wrk)');
  process.exit(1);
}

/** wrk runs one measurement and returns the parsed BENCH line of bench/wrk/trpc.lua. */
function wrk(url, scenario, c, seconds) {
  const threads = Math.min(2, c);
  const env = { ...process.env, WRK_METHOD: scenario.method, WRK_BODY: scenario.body ?? '', WRK_SPREAD: scenario.spread ? '1' : '' };
  const args = ['-t', String(threads), '-c', String(c), '-d', `${seconds}s`, '--timeout', '5s', '-s', luaScript, url + scenario.path];
  const res = spawnSync('wrk', args, { env, encoding: 'utf8' });
  const line = res.stdout.split('\n').find((l) => l.startsWith('BENCH '));
  if (res.status !== 0 || !line) throw new Error(`wrk failed (${res.status}): ${res.stderr}${res.stdout}`);
  return JSON.parse(line.slice(6));
}

/** benchDatabase creates an empty PostgreSQL database and returns its URL and drop(). */
async function benchDatabase() {
  const serverURL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';
  const name = `lockers_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverURL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverURL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** startChild spawns a reference server on a free port and waits until it answers system.info. */
async function startChild(command, args, env) {
  const port = await freePort();
  const child = spawn(command, args(port), { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((r) => child.once('exit', r));
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/c-core/trpc/hybrid/system.info`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** startBare runs tools/barerpc (bin/bench-bare, built by `make bench-server`) on the database lockerd migrated. */
function startBare(databaseURL) {
  return startChild(join(here, '..', 'bin', 'bench-bare'), (port) => ['-addr', `127.0.0.1:${port}`, '-db', databaseURL], process.env);
}

/** startNodeRef runs the Node @trpc/server reference (bench/node-ref) on the same database. */
function startNodeRef(databaseURL) {
  return startChild(process.execPath, (port) => [join(here, 'node-ref', 'server.mjs'), String(port)], {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseURL,
  });
}

/** probe sends a scenario once and reports whether the server answered 2xx. */
async function probe(url, s) {
  const init = s.method === 'POST' ? { method: 'POST', body: s.body, headers: { 'content-type': 'application/json' } } : {};
  const res = await fetch(url + s.path, init);
  return { ok: res.status >= 200 && res.status < 300, status: res.status, body: await res.text() };
}

const fmtUs = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us} µs`);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

const logLevel = process.env.LOCKERD_LOG_LEVEL ?? 'info';
const database = await benchDatabase();
// TRUST_PROXY: the per-address limits key on X-Forwarded-For (see WRK_SPREAD).
const lockerdEnv = { LOG_LEVEL: logLevel, DATABASE_URL: database.url, TRUST_PROXY: 'true' };
const lockerd = await startLockerd({ env: lockerdEnv });
const lockerd1 = await startLockerd({ env: { ...lockerdEnv, GOMAXPROCS: '1' } });
const bare = await startBare(database.url);
const node = await startNodeRef(database.url);
const servers = { lockerd, lockerd1, bare, node };
const results = [];
const loadAtStart = loadavg().map((x) => x.toFixed(2)).join(' ');
try {
  const cpu = spawnSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2; nproc"], { encoding: 'utf8' });
  console.log(`bench: ${cpu.stdout.trim().replace('\n', ', cores: ')}; ${duration}s per run, wrk -t min(2,c)`);
  for (const s of scenarios.filter((x) => !wanted || wanted.includes(x.name))) {
    const missing = [];
    for (const [name, srv] of Object.entries(servers)) {
      const p = await probe(srv.url, s);
      if (!p.ok) missing.push(`${name} answered ${p.status}: ${p.body.slice(0, 160)}`);
    }
    if (missing.length) {
      console.log(`bench: scenario ${s.name} not measured — ${missing.join('; ')}`);
      continue;
    }
    for (const srv of Object.values(servers)) wrk(srv.url, s, 16, warmup);
    for (const c of conns) {
      const row = { scenario: s.name, c };
      for (const [name, srv] of Object.entries(servers)) row[name] = wrk(srv.url, s, c, duration);
      results.push(row);
      const errs = Object.keys(servers).map((n) => {
        const r = row[n];
        return `${n} ${r.err_connect + r.err_read + r.err_write + r.err_status + r.err_timeout}`;
      });
      if (errs.some((e) => !e.endsWith(' 0'))) console.log(`bench: ${s.name} c=${c} had errors: ${errs.join(', ')}`);
    }
  }
} finally {
  await Promise.all(Object.values(servers).map((srv) => srv.stop()));
  await database.drop();
}

const header = [
  pad('scenario', 10), lpad('c', 3),
  lpad('lockerd rps', 12), lpad('p50', 9), lpad('p99', 9),
  lpad('bare rps', 9), lpad('p99', 9),
  lpad('1-core rps', 11), lpad('p99', 9),
  lpad('node rps', 9), lpad('p99', 9),
  lpad('÷bare rps', 10), lpad('p99', 6), lpad('×node rps', 10), lpad('p99', 6),
].join(' ');
console.log(`\n${header}\n${'-'.repeat(header.length)}`);
for (const r of results) {
  const [L, L1, B, N] = [r.lockerd, r.lockerd1, r.bare, r.node];
  r.bareRpsRatio = L.rps / B.rps;
  r.bareP99Ratio = L.p99_us / B.p99_us;
  r.rpsRatio = L.rps / N.rps;
  r.p99Ratio = L.p99_us / N.p99_us;
  r.oneCoreRpsRatio = L1.rps / N.rps;
  r.oneCoreP99Ratio = L1.p99_us / N.p99_us;
  console.log([
    pad(r.scenario, 10), lpad(r.c, 3),
    lpad(L.rps.toFixed(0), 12), lpad(fmtUs(L.p50_us), 9), lpad(fmtUs(L.p99_us), 9),
    lpad(B.rps.toFixed(0), 9), lpad(fmtUs(B.p99_us), 9),
    lpad(L1.rps.toFixed(0), 11), lpad(fmtUs(L1.p99_us), 9),
    lpad(N.rps.toFixed(0), 9), lpad(fmtUs(N.p99_us), 9),
    lpad(r.bareRpsRatio.toFixed(2), 10), lpad(r.bareP99Ratio.toFixed(2), 6),
    lpad(r.rpsRatio.toFixed(2), 10), lpad(r.p99Ratio.toFixed(2), 6),
  ].join(' '));
}
console.log(`\nload average ${loadavg().map((x) => x.toFixed(2)).join(' ')} at the end (${loadAtStart} at the start)`);
console.log('÷bare = lockerd / the bare net/http handler (tools/barerpc: the same tRPC decoding and JSON, no middleware, a raw pgx insert):');
console.log('  targets at c≥16: rps ≥ 0.8 in every row, p99 ≤ 1.5 for query and batch3;');
console.log('×node = lockerd / the Node @trpc/server reference; 1-core = lockerd with GOMAXPROCS=1 (one core, as Node\'s event loop)');
const misses = results
  .filter((r) => r.c >= 16 && (r.bareRpsRatio < 0.8 || (r.scenario !== 'mutation' && r.bareP99Ratio > 1.5)))
  .map((r) => `${r.scenario}@c${r.c}`);
console.log(misses.length ? `bench: lockerd below the bare handler's targets in ${misses.join(', ')}` : 'bench: lockerd meets the bare handler\'s targets in every c≥16 row');
if (process.env.BENCH_JSON) await writeFile(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
