import type * as TrpcModule from './trpc';

type Api = typeof TrpcModule;

let pending: Promise<Api> | null = null;

/**
 * loadApi fetches the tRPC client chunk once. Code in the entry (the session check)
 * uses it so that @trpc/client stays out of the first-load budget; main.tsx starts the
 * fetch at boot, in parallel with the first render. Lazy pages import '@/api/trpc'
 * directly.
 */
export function loadApi(): Promise<Api> {
  pending ??= import('./trpc').catch((err: unknown) => {
    pending = null; // let the next call try again
    throw err;
  });
  return pending;
}
