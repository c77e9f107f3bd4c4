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
    // A small mutation whose input is validated (a non-empty string of at most 200 characters).
    method: 'POST',
    path: `${base}/${process.env.BENCH_MUTATION ?? 'system.echo'}`,
    body: process.env.BENCH_MUTATION_BODY ?? JSON.stringify({ message: 'hello lockers' }),
  },
];
