import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { KeyPagedOptions } from './api';

export interface Page<T> {
  items: T[];
  next: string;
}

export interface KeyPagedList<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  items: T[];
}

/** useKeyPaged runs a key-paged list and flattens its pages into one list of rows. */
export function useKeyPaged<P extends Page<unknown>>(options: KeyPagedOptions<P>): KeyPagedList<P['items'][number]> {
  const query = useInfiniteQuery(options);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return { query: query as KeyPagedList<P['items'][number]>['query'], items };
}

