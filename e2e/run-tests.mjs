// Runs one group of black-box tests (contract/ or browser/) with node:test and prints,
// as the very last line, "<label>: N passed, N failed[, N skipped]" — the plain summary
// format CI reads. Usage: node run-tests.mjs contract|browser [--test-concurrency=N] [--widen-when-idle]
// [--test-name-pattern=RE]
//
// Through node:test's run() rather than `node --test`, which sorts the files it is given by name: the
// browser files that take longest start first (longestFirst), so that a run does not end on one of them
// alone while the CPUs idle (docs/decisions/091-test-lanes.md).
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const groups = { contract: 'contract', browser: 'e2e' };
const [group, ...extra] = process.argv.slice(2);
if (!(group in groups)) {
  console.error(`usage: node run-tests.mjs ${Object.keys(groups).join('|')} [--test-concurrency=N] [--widen-when-idle] [--test-name-pattern=RE]`);
  process.exit(2);
}
const label = groups[group];

// The browser files that take longest (as measured in `make test` runs; docs/decisions/091-test-lanes.md),
// longest first; the others follow by name.
const longestFirst = ['a11y', 'signed-in', 'accounts', 'admin-network', 'admin', 'doors-offline', 'routes', 'clock'];
const rank = (f) => {
  const i = longestFirst.indexOf(f.replace(/\.test\.mjs$/, ''));
  return i < 0 ? longestFirst.length : i;
};
const files = (await readdir(join(here, group)))
  .filter((f) => f.endsWith('.test.mjs'))
  .sort((a, b) => (group === 'browser' ? rank(a) - rank(b) : 0) || a.localeCompare(b))
  .map((f) => join(here, group, f));

let concurrency = 1;
let widen = false;
let testNamePatterns;
for (const arg of extra) {
  const [name, value] = arg.split(/=(.*)/s);
  if (name === '--test-concurrency' && Number(value) > 0) concurrency = Number(value);
  else if (name === '--test-name-pattern' && value) testNamePatterns = [new RegExp(value)];
  else if (name === '--widen-when-idle' && value === undefined) widen = true;
  else {
    console.error(`run-tests: unknown argument ${arg}`);
    process.exit(2);
  }
}

const counts = {};
await runAll(files, concurrency, widen ? concurrency + 1 : concurrency, async (file) => {
  // One run() per file, its report printed whole when it ends, so that files running side by side never
  // interleave their lines; the counts of all files are summed below.
  const stream = run({ files: [file], concurrency: 1, testNamePatterns });
  stream.on('test:diagnostic', ({ message }) => {
    const m = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(message);
    if (m) counts[m[1]] = (counts[m[1]] ?? 0) + Number(m[2]);
  });
  const report = [];
  await new Promise((resolve, reject) => {
    const out = stream.filter((event) => event.type !== 'test:diagnostic').compose(new spec());
    out.on('data', (chunk) => report.push(chunk));
    out.on('error', reject);
    out.on('end', resolve);
  });
  process.stdout.write(report.join(''));
});

const passed = counts.pass ?? 0;
const failed = (counts.fail ?? 0) + (counts.cancelled ?? 0);
if (failed === 0 && passed === 0) {
  console.log(`${label}: no test ran`);
  process.exitCode = 1;
}
const skipped = (counts.skipped ?? 0) + (counts.todo ?? 0);
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0) process.exitCode = 1;

/**
 * runAll runs each of files through runFile, concurrency at a time, in order, and up to most at a time while
 * the CPUs have been idle for a third of the last two seconds: once the other lanes of `make test` have ended
 * (scripts/test-all.sh), or while the running files wait on timers, the CPUs would otherwise idle until the
 * last file ends (docs/decisions/091-test-lanes.md).
 */
async function runAll(files, concurrency, most, runFile) {
  const queue = [...files];
  const running = new Set();
  const idle = most > concurrency ? idleSampler() : null;
  while (queue.length > 0 || running.size > 0) {
    const wider = running.size < most && idle?.fraction() >= 1 / 3;
    if (queue.length > 0 && (running.size < concurrency || wider)) {
      const job = runFile(queue.shift()).finally(() => running.delete(job));
      running.add(job);
      idle?.reset();
      continue;
    }
    await Promise.race([...running, new Promise((r) => setTimeout(r, 500))]);
  }
  idle?.stop();
}

/** idleSampler reads the machine's idle share of CPU time over the last two seconds (Linux; elsewhere 0). */
function idleSampler() {
  const read = () => {
    try {
      const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).map(Number);
      return { idle: ticks[3] + ticks[4], total: ticks.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const samples = [];
  const timer = setInterval(() => {
    const now = read();
    if (now) samples.push(now);
    if (samples.length > 5) samples.shift();
  }, 500);
  timer.unref();
  return {
    fraction() {
      if (samples.length < 5) return 0;
      const [first, last] = [samples[0], samples.at(-1)];
      return (last.idle - first.idle) / Math.max(1, last.total - first.total);
    },
    // After a file starts, its start-up is not idle time: measure afresh.
    reset: () => samples.splice(0),
    stop: () => clearInterval(timer),
  };
}
