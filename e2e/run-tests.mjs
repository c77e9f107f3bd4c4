// Runs one group of black-box tests (contract/ or browser/) with node:test and prints,
// as the very last line, "<label>: N passed, N failed[, N skipped]" — the plain summary
// format CI reads. Usage: node run-tests.mjs contract|browser [extra node --test args]
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const groups = { contract: 'contract', browser: 'e2e' };
const [group, ...extra] = process.argv.slice(2);
if (!(group in groups)) {
  console.error(`usage: node run-tests.mjs ${Object.keys(groups).join('|')}`);
  process.exit(2);
}
const label = groups[group];

const files = (await readdir(join(here, group)))
  .filter((f) => f.endsWith('.test.mjs'))
  .sort()
  .map((f) => join(here, group, f));

const tmp = await mkdtemp(join(tmpdir(), 'e2e-counts-'));
const countsPath = join(tmp, 'counts.json');
const args = [
  '--test',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  `--test-reporter=${join(here, 'lib', 'count-reporter.mjs')}`,
  `--test-reporter-destination=${countsPath}`,
  ...extra,
  ...files,
];
const child = spawn(process.execPath, args, { cwd: here, stdio: ['ignore', 'inherit', 'inherit'] });
const code = await new Promise((r) => child.once('exit', (c, sig) => r(c ?? (sig ? 1 : 0))));

let counts = {};
try {
  counts = JSON.parse(await readFile(countsPath, 'utf8'));
} catch {
  // The runner died before reporting; the exit code below still fails the run.
}
await rm(tmp, { recursive: true, force: true });

const passed = counts.pass ?? 0;
let failed = (counts.fail ?? 0) + (counts.cancelled ?? 0);
if (code !== 0 && failed === 0) {
  console.log(`${label}: the test runner exited with code ${code} without reporting a failed test`);
  failed = 1;
}
if (code === 0 && passed === 0) {
  console.log(`${label}: no test ran`);
  process.exitCode = 1;
}
const skipped = (counts.skipped ?? 0) + (counts.todo ?? 0);
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (code !== 0) process.exitCode = code;
