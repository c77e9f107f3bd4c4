import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { coreBase, coreFetch } from '@/api/base';
import type { AdminRouter, AppRouter } from '@/api/generated/app-router';
import { read, storageKeys } from '@/lib/storage';

/** authHeaders sends the stored bearer token, read per request so a new login applies at once. */
export function authHeaders(): Record<string, string> {
  const token = read(storageKeys.bearer);
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** trpc calls the user API (spec §7), batching calls made in the same tick. */
export const trpc = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: `${coreBase()}/trpc/hybrid`, headers: authHeaders, fetch: coreFetch })],
});

/** adminTrpc calls the admin API; the server requires the ADMIN role for every procedure. */
export const adminTrpc = createTRPCClient<AdminRouter>({
  links: [httpBatchLink({ url: `${coreBase()}/trpc/admin`, headers: authHeaders, fetch: coreFetch })],
});

// The session check (in the entry) reaches the device description through this lazily
// loaded chunk, so the user-agent parsing does not weigh on the first load either.
export { deviceInfo } from '@/lib/device';
