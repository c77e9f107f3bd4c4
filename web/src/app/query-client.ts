import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import i18n from '@/i18n';
import { reportError } from '@/lib/report';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: the caller handles failure itself; no toast. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/**
 * showError applies the client error rule of spec §8 to one failure. The rule (the
 * AppError type and the code list) loads on the first failure, not with the entry.
 */
export function showError(err: unknown): void {
  void import('@/lib/errors').then(({ errorToast }) => {
    const shown = errorToast(err, (key) => i18n.t(key));
    if (shown) toast(shown);
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (query.meta?.silent) return;
        reportError(err);
        showError(err);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) return;
        reportError(err);
        showError(err);
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}
