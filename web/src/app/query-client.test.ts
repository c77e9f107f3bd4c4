import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse, UserView } from '@/api/generated/app-router';
import { authorizeQuery, signOut } from '@/features/session/session';
import { offlineLockers } from '@/lib/offline-codes';
import { lastRefusal, OfflineError } from '@/lib/online';
import { read, storageKeys } from '@/lib/storage';
import { createQueryClient, retryOnce } from './query-client';

const user: UserView = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Tamm',
  phonePrefix: '',
  phone: '',
  phoneVerified: false,
  language: 'en',
  defaultStationId: null,
  roles: [],
  isAdmin: false,
  isManager: false,
  createdAt: '2026-01-01T00:00:00Z',
};
const signedIn: AuthResponse = { token: 'tok-1', shouldUpdate: false, message: '', user };

beforeEach(() => localStorage.clear());

/** run performs one mutation on client and reports the session its own onSuccess saw. */
async function run<T>(client: ReturnType<typeof createQueryClient>, answer: T, session?: 'signIn' | 'user') {
  let seen: AuthResponse | undefined;
  const observer = new MutationObserver(client, {
    mutationFn: () => Promise.resolve(answer),
    meta: session ? { session } : undefined,
    onSuccess: () => {
      seen = client.getQueryData(authorizeQuery.queryKey);
    },
  });
  await observer.mutate();
  return seen;
}

describe('the app query client', () => {
  it("stores a 'signIn' answer as the session, token and all, before the mutation's onSuccess", async () => {
    const client = createQueryClient();
    const seen = await run(client, signedIn, 'signIn');
    expect(seen?.user?.email).toBe('ann@example.com');
    expect(localStorage.getItem('Bearer')).toBe('tok-1');
  });

  it("puts a 'user' answer into the current session and keeps its token", async () => {
    const client = createQueryClient();
    await run(client, signedIn, 'signIn');
    const seen = await run(client, { ...user, phone: '5551234', phoneVerified: true }, 'user');
    expect(seen?.user?.phoneVerified).toBe(true);
    expect(seen?.token).toBe('tok-1');
  });

  it('leaves the session alone for other mutations', async () => {
    const client = createQueryClient();
    expect(await run(client, signedIn)).toBeUndefined();
    expect(localStorage.getItem('Bearer')).toBeNull();
  });

  it("does not invent a session from a 'user' answer when nobody is signed in", async () => {
    const client = createQueryClient();
    expect(await run(client, user, 'user')).toBeUndefined();
  });
});

describe('retryOnce', () => {
  const answered = (httpStatus: number) => Object.assign(new Error('x'), { data: { httpStatus, code: 'X' } });
  it('never retries a 4xx answer: not found and bad input come back the same', () => {
    expect(retryOnce(0, answered(404))).toBe(false);
    expect(retryOnce(0, answered(400))).toBe(false);
  });
  it('retries a server failure or a lost connection once', () => {
    expect(retryOnce(0, answered(500))).toBe(true);
    expect(retryOnce(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryOnce(1, new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('writes and the network (issue 26)', () => {
  const goOffline = () => window.dispatchEvent(new Event('offline'));
  const goOnline = () => window.dispatchEvent(new Event('online'));
  afterEach(goOnline);

  it('a write made offline fails at once and is not sent when the connection is back', async () => {
    const client = createQueryClient();
    client.mount(); // as QueryClientProvider does: it resumes paused writes on reconnect
    try {
      const send = vi.fn(() => Promise.resolve('opened'));
      goOffline();
      const observer = new MutationObserver(client, { mutationFn: send, meta: { silent: true } });
      await expect(observer.mutate()).rejects.toBeInstanceOf(OfflineError);
      goOnline();
      onlineManager.setOnline(true);
      await client.resumePausedMutations();
      await new Promise((r) => setTimeout(r, 0));
      expect(send).not.toHaveBeenCalled();
      expect(client.getMutationCache().getAll().some((m) => m.state.isPaused)).toBe(false);
    } finally {
      client.unmount();
    }
  });

  it('a write whose request got no answer is not repeated, neither at once nor on reconnect', async () => {
    const client = createQueryClient();
    client.mount();
    try {
      const send = vi.fn(() => Promise.reject(Object.assign(new Error('Failed to fetch'), { cause: new TypeError('Failed to fetch') })));
      const observer = new MutationObserver(client, { mutationFn: send, meta: { silent: true } });
      await expect(observer.mutate()).rejects.toThrow('Failed to fetch');
      goOffline();
      goOnline();
      await client.resumePausedMutations();
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      client.unmount();
    }
  });

  it('refuses a write that asks to be retried or to wait for the network', async () => {
    const client = createQueryClient();
    const send = vi.fn(() => Promise.resolve('x'));
    for (const options of [{ retry: 2 }, { networkMode: 'online' as const }]) {
      const observer = new MutationObserver(client, { mutationFn: send, meta: { silent: true }, ...options });
      await expect(observer.mutate()).rejects.toThrow(/may not retry or wait/);
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('has the offline banner say "this needs a connection", unless the screen says it itself', async () => {
    const client = createQueryClient();
    goOffline();
    const before = lastRefusal();
    await new MutationObserver(client, { mutationFn: () => Promise.resolve(1), meta: { showsOffline: true } }).mutate().catch(() => {});
    expect(lastRefusal()).toBe(before);
    await new MutationObserver(client, { mutationFn: () => Promise.resolve(1), meta: { silent: true } }).mutate().catch(() => {});
    expect(lastRefusal()).toBeGreaterThan(0);
    goOnline();
    expect(lastRefusal()).toBe(0);
  });

  it('lets reads wait offline and go on when back online', async () => {
    const client = createQueryClient();
    client.mount();
    try {
      goOffline();
      const read = vi.fn(() => Promise.resolve(['order']));
      const pending = client.fetchQuery({ queryKey: ['order', 'list', 'active'], queryFn: read });
      await new Promise((r) => setTimeout(r, 0));
      expect(read).not.toHaveBeenCalled();
      expect(client.getQueryState(['order', 'list', 'active'])?.fetchStatus).toBe('paused');
      goOnline();
      await expect(pending).resolves.toEqual(['order']);
    } finally {
      client.unmount();
    }
  });
});

describe('the codes kept for no signal (issue 26)', () => {
  it("are kept for the signed-in user from the orders the app loads, and go at sign-out", async () => {
    const client = createQueryClient();
    await run(client, signedIn, 'signIn');
    const hour = 3600_000;
    const order = {
      uuid: 'o1',
      status: 'active',
      station: { name: 'Viru Keskus', timeZone: 'Europe/Tallinn' },
      start: new Date(Date.now() - hour).toISOString(),
      end: new Date(Date.now() + hour).toISOString(),
      lockers: [{ uuid: 'ol1', label: 'A12', deliveryCode: { code: '111111' }, pickingCode: { code: '222222' } }],
    };
    client.setQueryData(['order', 'list', 'active'], [order]);
    expect(offlineLockers(read(storageKeys.bearer)).map((l) => l.delivery)).toEqual([['111111']]);
    signOut(client);
    expect(read(storageKeys.offlineCodes)).toBeNull();
  });
});
