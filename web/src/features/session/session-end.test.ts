import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse, UserView } from '@/api/generated/app-router';
import { read, storageKeys, write } from '@/lib/storage';
import { acknowledgeSessionEnded, sessionEndedPending } from './ended';
import { authorizeQuery, signIn } from './session';
import { endsSession, watchSessionEnd } from './session-end';

const user = { id: 'u1', email: 'ann@example.com', language: 'en' } as UserView;
const signedIn: AuthResponse = { token: 'tok-1', shouldUpdate: false, message: '', user };

// An error answer as lockerd sends it (docs/protocol.md §3.5).
function answer(code: string, appCode: string, httpStatus: number) {
  return TRPCClientError.from({ error: { message: appCode, code: -32001, data: { code, appCode, httpStatus, path: 'order.list' } } });
}
const refused = () => answer('UNAUTHORIZED', 'UNAUTHORIZED', 401);

/** failRead runs one read on client that fails with err. */
async function failRead(client: QueryClient, key: string, err: unknown) {
  const observer = new QueryObserver(client, { queryKey: ['order', key], queryFn: () => Promise.reject(err), retry: false });
  const stop = observer.subscribe(() => undefined);
  await observer.refetch();
  stop();
}

/** failWrite runs one write on client that fails with err. */
async function failWrite(client: QueryClient, err: unknown) {
  const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(err) });
  await observer.mutate().catch(() => undefined);
}

function signedInClient(): QueryClient {
  const client = new QueryClient();
  watchSessionEnd(client);
  signIn(client, signedIn);
  client.setQueryData(['order', 'list', 'active'], [{ uuid: 'o1' }]);
  return client;
}

beforeEach(() => {
  localStorage.clear();
  acknowledgeSessionEnded();
});
afterEach(() => acknowledgeSessionEnded());

describe('endsSession', () => {
  it('is the refused session: tRPC UNAUTHORIZED with appCode UNAUTHORIZED', () => {
    expect(endsSession(refused())).toBe(true);
  });

  it.each([
    ['a wrong password', answer('UNAUTHORIZED', 'MISSING_OR_INVALID_PASSWORD', 401)],
    ['a blocked account', answer('FORBIDDEN', 'UNAUTHORIZED', 403)],
    ['a non-operator on the admin API', answer('FORBIDDEN', 'UNAUTHORIZED', 403)],
    ['a not-found', answer('NOT_FOUND', 'ORDER_NOT_FOUND', 404)],
    ['a network failure', new TypeError('Failed to fetch')],
    ['nothing', undefined],
  ])('is not %s', (_name, err) => {
    expect(endsSession(err)).toBe(false);
  });
});

describe('watchSessionEnd', () => {
  it('ends the session on a refused read: token, session and cached reads go, /login is due', async () => {
    const client = signedInClient();
    await failRead(client, 'get', refused());
    expect(read(storageKeys.bearer)).toBeNull();
    expect(client.getQueryData(authorizeQuery.queryKey)?.user).toBeNull();
    expect(client.getQueryData(['order', 'list', 'active'])).toBeUndefined();
    expect(sessionEndedPending()).toBe(true);
  });

  it('ends the session on a refused write as well', async () => {
    const client = signedInClient();
    await failWrite(client, refused());
    expect(read(storageKeys.bearer)).toBeNull();
    expect(client.getMutationCache().getAll()).toHaveLength(0);
    expect(sessionEndedPending()).toBe(true);
  });

  it('leaves a wrong password, a forbidden call and other failures to their screens', async () => {
    const client = signedInClient();
    await failWrite(client, answer('UNAUTHORIZED', 'MISSING_OR_INVALID_PASSWORD', 401));
    await failRead(client, 'admin', answer('FORBIDDEN', 'UNAUTHORIZED', 403));
    await failRead(client, 'get', answer('NOT_FOUND', 'ORDER_NOT_FOUND', 404));
    expect(read(storageKeys.bearer)).toBe('tok-1');
    expect(client.getQueryData(authorizeQuery.queryKey)?.user?.id).toBe('u1');
    expect(sessionEndedPending()).toBe(false);
  });

  it('does nothing signed out: a refused call there is expected', async () => {
    const client = new QueryClient();
    watchSessionEnd(client);
    await failRead(client, 'get', refused());
    expect(sessionEndedPending()).toBe(false);
  });

  it('ends once however many calls fail, and the next sign-in clears the news', async () => {
    const client = signedInClient();
    await Promise.all([failRead(client, 'a', refused()), failRead(client, 'b', refused()), failWrite(client, refused())]);
    expect(sessionEndedPending()).toBe(true);
    acknowledgeSessionEnded(); // /login took it
    await failRead(client, 'c', refused());
    expect(sessionEndedPending()).toBe(false);
    signIn(client, signedIn);
    expect(read(storageKeys.bearer)).toBe('tok-1');
  });

  it('takes over the session another tab signed in with instead of removing it', async () => {
    const client = signedInClient();
    write(storageKeys.bearer, 'tok-2'); // the other tab's new sign-in
    await failRead(client, 'get', refused());
    expect(read(storageKeys.bearer)).toBe('tok-2');
    expect(sessionEndedPending()).toBe(false);
  });
});
