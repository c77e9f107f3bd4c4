// The reference server for `make bench`: the official @trpc/server 11.25.2 standalone
// adapter with zod, serving the same procedures lockerd's benchmark calls, under the
// same URL prefix. It is what a team would write in TypeScript, and the yardstick the
// Go handler is compared with (docs/benchmarks.md).
//
// Usage: node bench/node-ref/server.mjs <port>
// Dependencies come from e2e/node_modules (one install for all the Node tooling).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const requireFromE2E = createRequire(new URL('../../e2e/package.json', import.meta.url));
const load = (name) => import(pathToFileURL(requireFromE2E.resolve(name)).href);
const { initTRPC, TRPCError } = await load('@trpc/server');
const { createHTTPServer } = await load('@trpc/server/adapters/standalone');
const { z } = await load('zod');

const t = initTRPC.create({
  // The same error shape as lockerd: the catalogue code travels in data.appCode.
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    data: { ...shape.data, appCode: error.cause?.appCode ?? 'GENERAL_ERROR', stack: undefined },
  }),
});

const system = t.router({
  health: t.procedure.query(() => ({ status: 'ok', time: new Date().toISOString(), database: 'ok' })),
  info: t.procedure.query(() => ({ appVersion: '5.3.0', minAppVersion: '5.3.0', languages: ['en-US', 'et'] })),
  echo: t.procedure
    .input(z.object({ message: z.string().min(1).max(200) }))
    .mutation(({ input }) => ({ message: input.message })),
});

const appRouter = t.router({ system });

const port = Number(process.argv[2] ?? 8090);
const server = createHTTPServer({ router: appRouter, basePath: '/c-core/trpc/hybrid/' });
server.listen(port, '127.0.0.1', () => console.log(`node-ref listening on http://127.0.0.1:${port}`));

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => server.close(() => process.exit(0)));
}
