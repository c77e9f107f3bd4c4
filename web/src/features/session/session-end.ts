import type { QueryClient } from '@tanstack/react-query';
import { read, storageKeys } from '@/lib/storage';
import { markSessionEnded } from './ended';
import { authorizeQuery, signOut } from './session';

/**
 * endsSession tells a failure that means "this token opens no session any more":
 * tRPC UNAUTHORIZED with the catalogue's UNAUTHORIZED. Answers that share the tRPC
 * code but not the meaning are left to their screens: a wrong password
 * (MISSING_OR_INVALID_PASSWORD), a blocked account and a non-operator on the admin
 * API (FORBIDDEN with appCode UNAUTHORIZED; docs/decisions/001-one-binary-two-trpc-endpoints.md).
 */
export function endsSession(err: unknown): boolean {
  const data = typeof err === 'object' && err !== null ? (err as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null) return false;
  const { code, appCode } = data as { code?: unknown; appCode?: unknown };
  return code === 'UNAUTHORIZED' && appCode === 'UNAUTHORIZED';
}

/**
 * endSession forgets the session the server refused and sends the app to /login,
 * which says why (the route gate, app/guards.tsx, goes there and remembers the page).
 * Only a tab that holds a session acts, so a signed-out call answered UNAUTHORIZED,
 * or the second of several failures of one ending, does nothing. A tab whose stored
 * token is no longer the one its session began with learnt it from another tab that
 * signed in since: it takes that session over instead of removing it (the refused
 * call was made with the old token).
 */
export function endSession(client: QueryClient): void {
  const session = client.getQueryData(authorizeQuery.queryKey);
  if (!session?.user) return;
  const stored = read(storageKeys.bearer);
  if (stored && session.token && stored !== session.token) {
    void client.invalidateQueries({ queryKey: authorizeQuery.queryKey });
    return;
  }
  markSessionEnded();
  signOut(client);
}

/**
 * watchSessionEnd makes every read and write of client, on the user and the admin API
 * alike, end the session when the server refuses it (issue 26). It listens to the
 * caches rather than their onError, so reads that handle their own failure (silent)
 * count too.
 */
export function watchSessionEnd(client: QueryClient): void {
  const check = (err: unknown) => {
    if (endsSession(err)) endSession(client);
  };
  client.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'error') check(e.action.error);
  });
  client.getMutationCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'error') check(e.action.error);
  });
}
