// The reference server for `make bench`: the official @trpc/server 11.25.2 standalone
// adapter with zod and node-postgres, serving the same procedures lockerd's benchmark
// calls, under the same URL prefix. It is what a team would write in TypeScript, and
// the yardstick the Go handler is compared with (docs/benchmarks.md).
//
// event.track does what lockerd's does for a signed-out caller: the closed list of
// event types and the bounded, trimmed source and campaign are validated, the
// client's address (the right-most X-Forwarded-For entry, as lockerd's TRUST_PROXY)
// spends a token of the same per-address limit (burst 30, one more every 2 s), and
// the event is inserted into the events table of the database lockerd migrated.
//
// Usage: DATABASE_URL=postgres://... node bench/node-ref/server.mjs <port>
// Dependencies come from e2e/node_modules (one install for all the Node tooling).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const requireFromE2E = createRequire(new URL('../../e2e/package.json', import.meta.url));
const load = (name) => import(pathToFileURL(requireFromE2E.resolve(name)).href);
const { initTRPC, TRPCError } = await load('@trpc/server');
const { createHTTPServer } = await load('@trpc/server/adapters/standalone');
const { z } = await load('zod');
const { default: pg } = await load('pg');

// lockerd's PostgreSQL pool holds at most 20 connections; so does this one.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

// The event types of spec §7, as account.EventTypes lists them.
const eventTypes = [
  'login', 'logout', 'sign-up', 'verify', 'recall', 'reset', 'set-password', 'update', 'delete-profile',
  'station.view', 'station.select', 'locker.select', 'locker.open',
  'order.create', 'order.confirm', 'order.extend', 'order.cancel', 'order.view',
  'payment.method-add', 'payment.method-remove', 'payment.pay', 'invoice.view', 'invoice.download',
  'guide.view', 'guide.complete', 'coupon.register', 'coupon.view', 'issue.add',
];
// Trimmed, at most 64 characters, no control characters (lockerd's cleanText).
const text = z.string().trim().max(64).regex(/^\P{Cc}*$/u).optional();

/** limiter is a token bucket per key: burst tokens, one more every everyMs. */
function limiter(everyMs, burst) {
  const buckets = new Map();
  return (key) => {
    const now = Date.now();
    const b = buckets.get(key) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + (now - b.at) / everyMs);
    b.at = now;
    buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  };
}
const addressLimit = limiter(2000, 30);

/** clientIP is the right-most X-Forwarded-For entry, else the peer address. */
function clientIP(req) {
  const fwd = req.headers['x-forwarded-for'];
  const last = fwd?.split(',').at(-1)?.trim();
  return last || req.socket.remoteAddress;
}

const t = initTRPC.context().create({
  // The same error shape as lockerd: the catalogue code travels in data.appCode.
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    data: { ...shape.data, appCode: error.cause?.appCode ?? 'GENERAL_ERROR', stack: undefined },
  }),
});

const system = t.router({
  health: t.procedure.query(() => ({ status: 'ok', time: new Date().toISOString(), database: 'ok' })),
  info: t.procedure.query(() => ({ appVersion: '5.3.0', minAppVersion: '5.3.0', languages: ['en-US', 'et'] })),
});

const event = t.router({
  track: t.procedure
    .input(z.object({ type: z.enum(eventTypes), source: text, campaign: text }))
    .mutation(async ({ input, ctx }) => {
      if (!addressLimit(`event|${ctx.ip}`)) {
        const cause = Object.assign(new Error('per-address limit'), { appCode: 'TOO_MANY_REQUESTS' });
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too Many Requests', cause });
      }
      await pool.query(
        `INSERT INTO events (id, type, user_id, device_id, source, campaign, created_at)
         VALUES ($1, $2, NULL, NULL, $3, $4, $5)`,
        [randomUUID(), input.type, input.source || 'web', input.campaign || 'default', new Date()],
      );
      return { ok: true };
    }),
});

const appRouter = t.router({ system, event });

const port = Number(process.argv[2] ?? 8090);
const server = createHTTPServer({
  router: appRouter,
  basePath: '/c-core/trpc/hybrid/',
  createContext: ({ req }) => ({ ip: clientIP(req) }),
});
server.listen(port, '127.0.0.1', () => console.log(`node-ref listening on http://127.0.0.1:${port}`));

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => server.close(() => pool.end().then(() => process.exit(0))));
}
