// Server state of the help centre: a section, an article, a search. Help changes
// rarely (a release or an operator's edit), so answers stay fresh for minutes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { trpc } from '@/api/trpc';
import { AppError } from '@/lib/errors';

const fresh = 5 * 60_000;

/** A missing topic is an answer, not a failure worth retrying. */
const retry = (count: number, err: unknown) => AppError.from(err).appCode !== 'HELP_NOT_FOUND' && count < 2;

export const helpTreeQuery = (path: string) =>
  queryOptions({
    queryKey: ['help', 'tree', path] as const,
    queryFn: () => trpc.help.tree.query(path ? { path } : {}),
    staleTime: fresh,
    retry,
  });

export const helpArticleQuery = (path: string) =>
  queryOptions({
    queryKey: ['help', 'article', path] as const,
    queryFn: () => trpc.help.article.query({ path }),
    staleTime: fresh,
    retry,
  });

export const helpSearchQuery = (query: string, lang: 'en' | 'et') =>
  queryOptions({
    queryKey: ['help', 'search', lang, query] as const,
    queryFn: () => trpc.help.search.query({ query, lang }),
    staleTime: fresh,
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
  });

/** isNotFound tells a missing topic (go to /help/not-found) from a failure (offer a retry). */
export function isNotFound(err: unknown): boolean {
  return AppError.from(err).appCode === 'HELP_NOT_FOUND';
}
