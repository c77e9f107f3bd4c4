import { useQuery } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { orderQuery } from './api';

/**
 * useOrder reads one of the user's orders. notFound covers another user's order and
 * a mistyped id alike (the server answers ORDER_NOT_FOUND for both).
 */
export function useOrder(orderUuid: string, opts: { refetchInterval?: number | false; pollWhilePending?: boolean } = {}) {
  const q = useQuery({
    ...orderQuery(orderUuid),
    // Processing and unpaid orders change without the user doing anything (spec §4).
    refetchInterval: (query) =>
      opts.pollWhilePending && query.state.data && ['processing', 'unpaid'].includes(query.state.data.status)
        ? 5000
        : (opts.refetchInterval ?? false),
  });
  const code = q.isError ? AppError.from(q.error).appCode : null;
  const notFound = code === 'ORDER_NOT_FOUND' || code === 'BAD_INPUT' || code === 'MISSING_PARAMS';
  return { ...q, notFound };
}
