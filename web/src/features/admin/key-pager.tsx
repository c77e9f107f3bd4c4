import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n';
import type { KeyPagedList } from './use-key-paged';

interface KeyPagedProps<T> {
  paged: KeyPagedList<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}

/**
 * KeyPaged shows a key-paged list's states (loading, failed, empty), the rows, and a
 * "Load more" button that asks the API for the page after the last cursor.
 */
export function KeyPaged<T>({ paged, empty, children }: KeyPagedProps<T>) {
  const { t } = useTranslation('admin');
  const { query, items } = paged;
  if (query.isPending) return <LoadingState />;
  if (query.isError && items.length === 0) return <ErrorState onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState message={empty} />;
  return (
    <div className="grid gap-4">
      {children(items)}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <span aria-live="polite">{t('list.shown', { count: items.length })}</span>
        {query.hasNextPage && (
          <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('list.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
