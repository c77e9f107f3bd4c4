import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { AuthResponse, UserView } from '@/api/generated/app-router';
import { toast } from '@/components/ui/toast-store';
import { authorizeQuery, signIn } from '@/features/session/session';
import i18n from '@/i18n';
import { reportError } from '@/lib/report';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: the caller handles failure itself; no toast. */
    queryMeta: { silent?: boolean };
    mutationMeta: {
      silent?: boolean;
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

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (query.meta?.silent) return;
        reportError(err);
        showError(err);
      },
    }),
    mutationCache: new MutationCache({
      // Applied before the mutation's own onSuccess, so screens see the new session.
      onSuccess: (data, _vars, _ctx, mutation) => {
        const change = mutation.meta?.session;
        if (change === 'signIn') signIn(client, data as AuthResponse);
        if (change === 'user') client.setQueryData(authorizeQuery.queryKey, (old) => old && { ...old, user: data as UserView });
      },
      onError: (err, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) return;
        reportError(err);
        showError(err);
      },
    }),
    defaultOptions: {
      queries: { retry: retryOnce, refetchOnWindowFocus: false },
    },
  });
  return client;
}
