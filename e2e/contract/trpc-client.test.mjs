// Contract test: the unmodified @trpc/client (httpLink and httpBatchLink) against the
// real lockerd binary. It proves the Go handler speaks tRPC v11 the way the web app's
// client expects (docs/protocol.md §9): envelopes, batching, error shapes with
// data.appCode, and 207 for a batch of mixed outcomes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startLockerd } from '../lib/lockerd.mjs';
import { appCodes, client, links, rejection } from '../lib/trpc.mjs';
import { appVersion } from '../lib/version.mjs';

let server;
let hybrid;
let admin;
let knownCodes;

before(async () => {
  server = await startLockerd();
  hybrid = `${server.url}/c-core/trpc/hybrid`;
  admin = `${server.url}/c-core/trpc/admin`;
  knownCodes = await appCodes();
});

after(async () => {
  await server?.stop();
});

/** assertAppError checks the error shape every lockerd failure must have on the client. */
function assertAppError(err, { code, httpStatus, appCode, path }) {
  assert.equal(err.name, 'TRPCClientError');
  assert.equal(typeof err.message, 'string');
  assert.ok(err.message.length > 0, 'error message is empty');
  assert.equal(typeof err.shape?.code, 'number', 'error.code must be a JSON-RPC number');
  assert.equal(err.data?.code, code);
  assert.equal(err.data?.httpStatus, httpStatus);
  if (path !== undefined) assert.equal(err.data?.path, path);
  assert.ok(knownCodes.has(err.data?.appCode), `appCode ${err.data?.appCode} is not in the generated AppCode union`);
  if (appCode !== undefined) assert.equal(err.data.appCode, appCode);
  assert.equal(err.data?.stack, undefined, 'no stack traces on the wire');
}

for (const linkName of Object.keys(links)) {
  describe(`@trpc/client ${linkName}`, () => {
    it('system.info returns the app version, minimum version and languages', async () => {
      const { trpc, requests } = client(hybrid, linkName);
      const info = await trpc.system.info.query();
      assert.match(info.appVersion, /^\d+\.\d+\.\d+$/);
      assert.equal(info.minAppVersion, appVersion); // lockerd's default: its own version
      assert.deepEqual(info.languages, ['en-US', 'et']);
      assert.equal(requests.length, 1);
      assert.equal(requests[0].method, 'GET');
    });

    it('system.health reports ok with an RFC 3339 time and a reachable database', async () => {
      const { trpc } = client(hybrid, linkName);
      const health = await trpc.system.health.query();
      assert.equal(health.status, 'ok');
      assert.equal(health.database, 'ok');
      assert.match(health.time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
      assert.ok(Math.abs(Date.parse(health.time) - Date.now()) < 60_000, `time ${health.time} is not now`);
    });

    it('the admin router refuses a caller without a token with appCode UNAUTHORIZED', async () => {
      const { trpc } = client(admin, linkName);
      const err = await rejection(trpc.system.health.query());
      assertAppError(err, { code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'UNAUTHORIZED', path: 'system.health' });
      assert.equal(err.meta?.response?.status, 401);
    });

    it('the admin router refuses a made-up bearer token', async () => {
      const { trpc } = client(admin, linkName, { headers: { authorization: 'Bearer not-a-real-token' } });
      const err = await rejection(trpc.system.health.query());
      assertAppError(err, { code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'UNAUTHORIZED' });
    });

    it('an unknown procedure is NOT_FOUND with an appCode', async () => {
      const { trpc } = client(hybrid, linkName);
      const err = await rejection(trpc.does.not.exist.query());
      assertAppError(err, { code: 'NOT_FOUND', httpStatus: 404, path: 'does.not.exist' });
      assert.equal(err.meta?.response?.status, 404);
    });

    it('event.track is a POSTed mutation whose input is validated', async () => {
      const { trpc, requests } = client(hybrid, linkName);
      const done = await trpc.event.track.mutate({ type: 'guide.view', source: 'contract', campaign: linkName });
      assert.deepEqual(done, { ok: true });
      assert.equal(requests.length, 1);
      assert.equal(requests[0].method, 'POST');
      assert.equal(new URL(requests[0].url).pathname, '/c-core/trpc/hybrid/event.track');
      const unknown = await rejection(trpc.event.track.mutate({ type: 'no.such.event' }));
      assertAppError(unknown, { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'BAD_INPUT', path: 'event.track' });
      assert.equal(unknown.meta?.response?.status, 400);
      const long = await rejection(trpc.event.track.mutate({ type: 'guide.view', source: 'x'.repeat(65) }));
      assertAppError(long, { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'BAD_INPUT', path: 'event.track' });
    });

    it('a mutation refused by the domain carries its catalogue code (auth.login, wrong credentials)', async () => {
      const { trpc, requests } = client(hybrid, linkName);
      const device = { appVersion, deviceName: 'contract', platform: 'web', model: 'node', osVersion: '20' };
      const err = await rejection(
        trpc.auth.login.mutate({ email: `nobody-${linkName}@example.com`, password: 'not-the-password', device }),
      );
      assertAppError(err, { code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'MISSING_OR_INVALID_PASSWORD', path: 'auth.login' });
      assert.equal(err.meta?.response?.status, 401);
      assert.equal(requests[0].method, 'POST');
    });

    it('a query sent as a mutation is refused with 405', async () => {
      const { trpc } = client(hybrid, linkName);
      const err = await rejection(trpc.system.info.mutate());
      assertAppError(err, { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 });
      assert.equal(err.meta?.response?.status, 405);
      assert.equal(err.meta?.response?.headers.get('allow'), 'GET');
    });
  });
}

describe('@trpc/client httpBatchLink batching', () => {
  it('sends queries started in one tick as one HTTP request and matches results by index', async () => {
    const { trpc, requests } = client(hybrid, 'httpBatchLink');
    const [a, health, b] = await Promise.all([
      trpc.system.info.query(),
      trpc.system.health.query(),
      trpc.system.info.query(),
    ]);
    assert.equal(requests.length, 1, `expected one request, got ${JSON.stringify(requests)}`);
    const url = new URL(requests[0].url);
    assert.equal(decodeURIComponent(url.pathname), '/c-core/trpc/hybrid/system.info,system.health,system.info');
    assert.equal(url.searchParams.get('batch'), '1');
    assert.deepEqual(a, b);
    assert.deepEqual(a.languages, ['en-US', 'et']);
    assert.equal(health.status, 'ok');
  });

  it('httpLink sends the same calls as separate requests', async () => {
    const { trpc, requests } = client(hybrid, 'httpLink');
    await Promise.all([trpc.system.info.query(), trpc.system.health.query(), trpc.system.info.query()]);
    assert.equal(requests.length, 3);
  });

  it('a mixed batch (one ok, one error) answers 207 and settles each call on its own', async () => {
    const { trpc, requests } = client(hybrid, 'httpBatchLink');
    const [ok, bad] = await Promise.allSettled([trpc.system.info.query(), trpc.nope.query()]);
    assert.equal(requests.length, 1);
    assert.equal(ok.status, 'fulfilled');
    assert.deepEqual(ok.value.languages, ['en-US', 'et']);
    assert.equal(bad.status, 'rejected');
    assertAppError(bad.reason, { code: 'NOT_FOUND', httpStatus: 404, path: 'nope' });
    assert.equal(bad.reason.meta?.response?.status, 207);
    const body = bad.reason.meta?.responseJSON;
    assert.ok(Array.isArray(body) && body.length === 2, 'the 207 body is an array with one envelope per call');
    assert.ok('result' in body[0] && 'error' in body[1]);
  });

  it('a batch whose calls all fail alike answers with their common status', async () => {
    const { trpc, requests } = client(admin, 'httpBatchLink');
    const results = await Promise.allSettled([trpc.system.health.query(), trpc.system.health.query()]);
    assert.equal(requests.length, 1);
    for (const r of results) {
      assert.equal(r.status, 'rejected');
      assertAppError(r.reason, { code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'UNAUTHORIZED' });
      assert.equal(r.reason.meta?.response?.status, 401);
    }
  });
});
