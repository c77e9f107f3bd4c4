import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse, UserView } from '@/api/generated/app-router';
import { authorizeQuery } from '@/features/session/session';
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
