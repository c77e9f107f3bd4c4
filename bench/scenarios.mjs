// The requests `make bench` measures. Both lockerd and the Node reference serve these
// paths; each is what @trpc/client's httpBatchLink/httpLink would send.
const base = '/c-core/trpc/hybrid';
const emptyBatchInput = encodeURIComponent('{}');

export const scenarios = [
  {
    name: 'query',
    // system.health: the trivial query (lockerd also pings its database here).
    method: 'GET',
    path: `${base}/system.health`,
  },
  {
    name: 'batch3',
    // Three queries in one request, as httpBatchLink sends calls made in one tick.
    method: 'GET',
    path: `${base}/system.info,system.health,system.info?batch=1&input=${emptyBatchInput}`,
  },
  {
    name: 'mutation',
    // event.track, a real public mutation: the closed event type and the bounded source
    // and campaign are validated, the client's address spends a token of its rate limit,
    // and the event is inserted into PostgreSQL (the same database for both servers).
    // spread: every request comes from its own X-Forwarded-For address, as from many
    // clients, so the per-address limit (30 at once, then one per 2 s) never refuses.
    method: 'POST',
    path: `${base}/${process.env.BENCH_MUTATION ?? 'event.track'}`,
    body: process.env.BENCH_MUTATION_BODY ?? JSON.stringify({ type: 'guide.view', source: 'bench', campaign: 'default' }),
    spread: true,
  },
];
