import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthResponse, Info, UserView } from '@/api/generated/app-router';
import { loadApi } from '@/api/load';
import { clearOfflineCodes } from '@/lib/offline-codes';
import { read, remove, storageKeys, write } from '@/lib/storage';
import { needsUpdate } from '@/lib/version';
import { acknowledgeSessionEnded, markSessionEnded } from './ended';

const signedOut: AuthResponse = { token: null, shouldUpdate: false, message: '', user: null };

/**
 * authorizeQuery asks the server who we are, once per app start (spec §4: the session
 * is unauthenticated until authorise succeeds). A failed call — offline, or a server
 * without the procedure — counts as signed out instead of breaking the app.
 */
export const authorizeQuery = queryOptions({
  queryKey: ['auth', 'authorize'] as const,
  queryFn: async (): Promise<AuthResponse> => {
    try {
      const { trpc, deviceInfo } = await loadApi();
      const sent = read(storageKeys.bearer);
      const res = applyAuthResponse(await trpc.auth.authorize.query(deviceInfo()));
      // The stored token opens no session any more: /login says why (issue 26).
      if (sent && !res.user) markSessionEnded();
      return res;
    } catch {
      return signedOut;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  meta: { silent: true },
});

/** infoQuery reads the server's versions; an unreachable server means "no update known". */
export const infoQuery = queryOptions({
  queryKey: ['system', 'info'] as const,
  queryFn: async (): Promise<Info | null> => {
    try {
      const { trpc } = await loadApi();
      return await trpc.system.info.query();
    } catch {
      return null;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
  meta: { silent: true },
});

/**
 * applyAuthResponse stores what an auth answer says about the session: a token is
 * kept as `Bearer`; no user means the stored token is no longer good (spec §4:
 * a failed check clears the token).
 */
export function applyAuthResponse(res: AuthResponse): AuthResponse {
  if (res.token) write(storageKeys.bearer, res.token);
  else if (!res.user) remove(storageKeys.bearer);
  return res;
}

/**
 * signIn records a login / set-password answer (issue 3's forms call it); the form
 * then navigates to takePreLoginUrl() to return where the user was heading.
 */
export function signIn(client: QueryClient, res: AuthResponse): void {
  client.setQueryData(authorizeQuery.queryKey, applyAuthResponse(res));
  if (res.user) acknowledgeSessionEnded();
}

/**
 * signOut forgets everything this device kept about the signed-in user: the token,
 * the offline codes, the session answer, every cached read but the app's own (auth,
 * system) and every write. A sign-out, a deletion and a session the server ended
 * (session-end.ts) all come through here: whatever else is kept per user must be
 * forgotten here, in this one function.
 */
export function signOut(client: QueryClient): void {
  remove(storageKeys.bearer);
  clearOfflineCodes(); // the codes kept for no signal go with the session (issue 26)
  remove(storageKeys.bookingDrafts); // the next user's reservations are their own
  client.setQueryData(authorizeQuery.queryKey, signedOut);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'system' });
  client.getMutationCache().clear();
}

export interface Session {
  /** True until the first authorize answer (or failure) arrived. */
  loading: boolean;
  user: UserView | null;
  /** The server requires a newer app: hold the user on /update. */
  updateRequired: boolean;
  /** True while the update decision is unknown (info still loading). */
  updateLoading: boolean;
  info: Info | null;
}

export function useSession(): Session {
  const auth = useQuery(authorizeQuery);
  const info = useQuery(infoQuery);
  return {
    loading: auth.isPending,
    user: auth.data?.user ?? null,
    updateRequired: !!auth.data?.shouldUpdate || needsUpdate(info.data?.minAppVersion),
    updateLoading: auth.isPending || info.isPending,
    info: info.data ?? null,
  };
}

/**
 * useSaveLanguage keeps one language source (issue 14): a language chosen with the
 * header switch becomes the signed-in user's own, so it sticks on the next start
 * and on other devices, and e-mails follow it. Signed out, the device's choice is
 * all there is. A failure to save changes nothing on screen; the next start would
 * bring back the account's language, which is what the account says.
 */
export function useSaveLanguage(): (language: 'en' | 'et') => void {
  const client = useQueryClient();
  return (language) => {
    const session = client.getQueryData(authorizeQuery.queryKey);
    if (!session?.user || session.user.language === language) return;
    void loadApi()
      .then(({ trpc }) => trpc.auth.update.mutate({ language }))
      .then((res) => signIn(client, { ...res, token: res.token ?? session.token }))
      .catch(() => undefined);
  };
}
