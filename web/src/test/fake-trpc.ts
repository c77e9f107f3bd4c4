/**
 * Typed stand-ins for the tRPC clients of src/api/trpc.ts, for the tests that replace that module:
 *
 *   vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));
 *   import { trpc } from '@/test/fake-trpc';
 *   trpc.order.cancel.mutate.mockResolvedValue({ uuid: 'o1', status: 'cancelled' });
 *
 * Every procedure of the generated router types (src/api/generated/app-router.d.ts) is a vi.fn
 * whose input and answer have the router's types: an answer may leave out fields the screen
 * under test does not read, but a field it gives must exist in the procedure's output with
 * that type, so a renamed or retyped field fails `tsc` in every test that fakes it. A
 * procedure the test gave no answer rejects, naming itself, instead of resolving to undefined.
 */
import { vi, type Mock } from 'vitest';
import type { TRPCClient } from '@trpc/client';
import type { AdminRouter, AppRouter } from '@/api/generated/app-router';

/** What a fake may answer: the output, with any field left out at any depth. */
export type Answer<T> = T extends readonly (infer U)[]
  ? Answer<U>[]
  : T extends (...args: never[]) => unknown
    ? T
    : T extends object
      ? { [K in keyof T]?: Answer<T[K]> }
      : T;

type Call = 'query' | 'mutate';

/** FakeClient mirrors a tRPC client: each query and mutate is a typed vi.fn. */
export type FakeClient<T> = {
  [K in keyof T & string]: K extends Call
    ? T[K] extends (input: infer I, ...rest: never[]) => PromiseLike<infer O>
      ? Mock<(input: I) => Promise<Answer<O>>>
      : never
    : FakeClient<T[K]>;
};

const calls = new Set<string>(['query', 'mutate']);
const made: Mock[] = [];

/** fakeClient builds the procedures on first use, so a test names only those it answers. */
function fakeClient<T>(name: string): FakeClient<T> {
  const node = (path: string): object => {
    const children = new Map<string, unknown>();
    return new Proxy(
      {},
      {
        get(_, key) {
          // Not a promise, not a React element: only procedure names lead further.
          if (typeof key !== 'string' || key === 'then' || key === '$$typeof' || key === 'toJSON') return undefined;
          if (!children.has(key)) {
            if (calls.has(key)) {
              const fn = vi.fn(() => Promise.reject(new Error(`${path}.${key}: the test gave this procedure no answer`)));
              made.push(fn);
              children.set(key, fn);
            } else {
              children.set(key, node(`${path}.${key}`));
            }
          }
          return children.get(key);
        },
      },
    );
  };
  return node(name) as FakeClient<T>;
}

/** The user API's client (trpc in src/api/trpc.ts). */
export const trpc = fakeClient<TRPCClient<AppRouter>>('trpc');

/** The admin API's client (adminTrpc in src/api/trpc.ts). */
export const adminTrpc = fakeClient<TRPCClient<AdminRouter>>('adminTrpc');

/** No stored token in a test. */
export const authHeaders = (): Record<string, string> => ({});

// The rest of src/api/trpc.ts's exports, as they are.
export { deviceInfo } from '@/lib/device';

/** resetTrpcFakes forgets every answer and call, for a beforeEach. */
export function resetTrpcFakes(): void {
  for (const fn of made) fn.mockReset();
}
