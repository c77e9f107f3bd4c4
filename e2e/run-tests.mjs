// Runs one group of black-box tests (contract/ or browser/) with node:test and prints,
// as the very last line, "<label>: N passed, N failed[, N skipped]" — the plain summary
// format CI reads. Usage: node run-tests.mjs contract|browser [--test-concurrency=N] [--test-name-pattern=RE]
//
// Through node:test's run() rather than `node --test`, which sorts the files it is given by name: the
// browser files that take longest start first (longestFirst), so that a run does not end on one of them
// alone while the CPUs idle (docs/benchmarks.md §14).
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const groups = { contract: 'contract', browser: 'e2e' };
const [group, ...extra] = process.argv.slice(2);
if (!(group in groups)) {
  console.error(`usage: node run-tests.mjs ${Object.keys(groups).join('|')} [--test-concurrency=N] [--test-name-pattern=RE]`);
  process.exit(2);
}
const label = groups[group];

// The browser files that take longest (their durations: docs/benchmarks.md §14), longest first; the others
// follow by name.
const longestFirst = ['a11y', 'signed-in', 'accounts', 'admin-network', 'admin', 'doors-offline', 'routes'];
const rank = (f) => {
  const i = longestFirst.indexOf(f.replace(/\.test\.mjs$/, ''));
  return i < 0 ? longestFirst.length : i;
};
const files = (await readdir(join(here, group)))
  .filter((f) => f.endsWith('.test.mjs'))
  .sort((a, b) => (group === 'browser' ? rank(a) - rank(b) : 0) || a.localeCompare(b))
  .map((f) => join(here, group, f));

const options = { files, concurrency: 1 };
for (const arg of extra) {
  const [name, value] = arg.split(/=(.*)/s);
  if (name === '--test-concurrency' && Number(value) > 0) options.concurrency = Number(value);
  else if (name === '--test-name-pattern' && value) options.testNamePatterns = [new RegExp(value)];
  else {
    console.error(`run-tests: unknown argument ${arg}`);
    process.exit(2);
  }
}

const counts = {};
const stream = run(options);
stream.on('test:diagnostic', ({ message }) => {
  const m = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(message);
  if (m) counts[m[1]] = Number(m[2]);
});
await new Promise((resolve, reject) => {
  const out = stream.compose(new spec());
  out.on('error', reject);
  out.on('end', resolve);
  out.pipe(process.stdout, { end: false });
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
