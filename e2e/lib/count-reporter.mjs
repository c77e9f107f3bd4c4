// A node:test reporter that writes only the run's final counts, as JSON, so that
// run-tests.mjs can print the one plain summary line CI recognises
// ("e2e: N passed, N failed"). The human-readable output comes from the spec reporter.
export default async function* countReporter(source) {
  const counts = {};
  for await (const event of source) {
    if (event.type !== 'test:diagnostic') continue;
    const m = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(event.data.message);
    if (m) counts[m[1]] = Number(m[2]);
  }
  yield `${JSON.stringify(counts)}\n`;
}
