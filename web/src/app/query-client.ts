import { MutationCache, onlineManager, QueryCache, QueryClient, type Mutation } from '@tanstack/react-query';
import type { AuthResponse, UserView } from '@/api/generated/app-router';
import { toast } from '@/components/ui/toast-store';
import { authorizeQuery, signIn } from '@/features/session/session';
import { watchSessionEnd } from '@/features/session/session-end';
import i18n from '@/i18n';
import { keepOfflineCodes } from '@/lib/offline-keeper';
import { isNetworkFailure, isOnline, noteRefusedOffline, OfflineError, subscribeOnline } from '@/lib/online';
import { reportError } from '@/lib/report';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: the caller handles failure itself; no toast. */
    queryMeta: { silent?: boolean };
    mutationMeta: {
      silent?: boolean;
      /** The screen says itself that the write failed offline: the offline banner does not. */
      showsOffline?: boolean;
      /**
       * What the answer means for who is signed in: 'signIn' for an AuthResponse (it
       * becomes the session, token and all), 'user' for the user's updated UserView.
       */
      session?: 'signIn' | 'user';
    };
  }
}

/**
 * showError applies the client error rule of spec §8 to one failure. The rule (the
 * AppError type and the code list) loads on the first failure, not with the entry.
 */
export function showError(err: unknown): void {
  void import('@/lib/errors').then(({ errorToast }) => {
    if (!errorToast(err, (key) => i18n.t(key))) return;
    // Translated when shown, in the language of the screen at that moment.
    toast({ variant: 'destructive', text: () => errorToast(err, (key) => i18n.t(key)) ?? {} });
  });
}

/**
 * retryOnce retries a failed read once, unless the server answered it with a 4xx:
 * a not-found or a refused input gives the same answer again (issue 14), and the
 * screen should show that answer at once instead of after a second round trip.
 */
export function retryOnce(failures: number, err: unknown): boolean {
  const data = typeof err === 'object' && err !== null ? (err as { data?: { httpStatus?: unknown } }).data : undefined;
  const status = typeof data?.httpStatus === 'number' ? data.httpStatus : 0;
  if (status >= 400 && status < 500) return false;
  return failures < 1;
}

/**
 * refuseOffline is the app's one rule for writes (issue 26; docs/decisions/011-writes-sent-once.md): a write is sent
 * once, when the user asks, or not at all. TanStack Query would otherwise pause a write made offline and send it on
 * reconnect, long after the user gave up (a door opened 30 s after "No, keep it closed"). So every mutation runs with
 * networkMode 'always' and no retry (the defaults below), and this check, which runs before any mutationFn, fails one
 * made offline at once with an OfflineError. A mutation that asks for a retry or another network mode is refused too,
 * so the rule cannot be switched off for one screen. Repeating a write is the user's next tap, and the server makes
 * the writes a repeat could duplicate safe: Reserve carries its draft's idempotency key, a charge is refused while
 * one is in flight, and a door opens only with a fresh single-use intent from its confirmation (features/doors).
 */
function refuseOffline(mutation: Mutation<unknown, unknown, unknown, unknown>): void {
  const { retry, networkMode } = mutation.options;
  if ((retry !== undefined && retry !== false && retry !== 0) || (networkMode !== undefined && networkMode !== 'always')) {
    throw new Error('A mutation may not retry or wait for the network (app/query-client.ts, refuseOffline)');
  }
  if (!isOnline()) throw new OfflineError();
}

/** Reads wait while the online store (lib/online.ts) says offline and go on when it says online. */
onlineManager.setEventListener((setOnline) => {
  setOnline(isOnline());
  return subscribeOnline(() => setOnline(isOnline()));
});

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        // No answer at all: the offline banner says so, and the read runs again on reconnect.
        if (query.meta?.silent || isNetworkFailure(err)) return;
        reportError(err);
        showError(err);
      },
    }),
    mutationCache: new MutationCache({
      onMutate: (_vars, mutation) => refuseOffline(mutation),
      // Applied before the mutation's own onSuccess, so screens see the new session.
      onSuccess: (data, _vars, _ctx, mutation) => {
        const change = mutation.meta?.session;
        if (change === 'signIn') signIn(client, data as AuthResponse);
        if (change === 'user') client.setQueryData(authorizeQuery.queryKey, (old) => old && { ...old, user: data as UserView });
      },
      onError: (err, _vars, _ctx, mutation) => {
        if (isNetworkFailure(err)) {
          // The offline banner says "You are offline — this needs a connection" for a moment.
          if (!mutation.meta?.showsOffline) noteRefusedOffline();
          return;
        }
        if (mutation.meta?.silent) return;
        reportError(err);
        showError(err);
      },
    }),
    defaultOptions: {
      // Back online, every read on screen loads again, however fresh it was (issue 26).
      queries: { retry: retryOnce, refetchOnWindowFocus: false, refetchOnReconnect: 'always' },
      // See refuseOffline: never paused, never repeated by the app.
      mutations: { networkMode: 'always', retry: false },
    },
  });
  // The codes of active orders stay readable offline (lib/offline-keeper.ts).
  keepOfflineCodes(client, () => client.getQueryData(authorizeQuery.queryKey)?.user?.id ?? null);
  watchSessionEnd(client); // a session the server refused ends here and /login says so (issue 26)
  return client;
}
