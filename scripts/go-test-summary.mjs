// Reads `go test -json` on stdin, prints each package's result line (as plain
// `go test` would), the full output of every failed test, and finally the summary
// line CI reads: "go: N passed, N failed, N skipped" (LABEL: ... with a LABEL argument,
// e.g. image for `make test-image`). Exits 1 when anything failed.
import { createInterface } from 'node:readline';

const label = process.argv[2] ?? 'go';

const outputs = new Map(); // "pkg test" → output lines
const counts = { pass: 0, fail: 0, skip: 0 };
let broken = false;

for await (const line of createInterface({ input: process.stdin })) {
  let ev;
  try {
    ev = JSON.parse(line);
  } catch {
    console.log(line); // build errors and vet output are plain text
    broken = true;
    continue;
  }
  const key = `${ev.Package} ${ev.Test ?? ''}`;
  if (ev.Action === 'output') {
    if (!outputs.has(key)) outputs.set(key, []);
    outputs.get(key).push(ev.Output);
    continue;
  }
  if (ev.Test) {
    if (ev.Action in counts) counts[ev.Action]++;
    if (ev.Action === 'fail') process.stdout.write((outputs.get(key) ?? []).join(''));
    if (ev.Action === 'pass' || ev.Action === 'skip') outputs.delete(key);
    continue;
  }
  if (ev.Action === 'pass' || ev.Action === 'fail' || ev.Action === 'skip') {
    const own = outputs.get(key) ?? [];
    if (ev.Action === 'fail') {
      broken = true;
      process.stdout.write(own.join(''));
    } else {
      const result = own.filter((l) => /^(ok|\?|PASS)\s/.test(l) && !l.startsWith('PASS')).join('');
      process.stdout.write(result || `ok  \t${ev.Package}\n`);
    }
    outputs.delete(key);
  }
}
if (counts.fail > 0) broken = true;
console.log(`${label}: ${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped`);
process.exitCode = broken ? 1 : 0;
