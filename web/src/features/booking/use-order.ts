import { useQuery } from '@tanstack/react-query';
import type { OrderView } from '@/api/generated/app-router';
import { AppError } from '@/lib/errors';
import { orderQuery } from './api';

/**
 * waitsForProvider: the order changes without the user doing anything while it is
 * unpaid (a link may be paid in another tab) or a charge of it, the order's own or an
 * extension's, is with the payment provider.
 */
export function waitsForProvider(o: Pick<OrderView, 'status' | 'payment'>): boolean {
  return o.status === 'processing' || o.status === 'unpaid' || o.payment.state === 'processing';
}

/**
 * useOrder reads one of the user's orders. notFound covers another user's order and
 * a mistyped id alike (the server answers ORDER_NOT_FOUND for both).
 */
export function useOrder(orderUuid: string, opts: { refetchInterval?: number | false; pollWhilePending?: boolean } = {}) {
  const q = useQuery({
    ...orderQuery(orderUuid),
    // Processing and unpaid orders change without the user doing anything (spec §4).
    refetchInterval: (query) =>
      opts.pollWhilePending && query.state.data && waitsForProvider(query.state.data)
        ? query.state.data.status === 'unpaid' && query.state.data.payment.state !== 'processing'
          ? 5000
          : 1500
        : (opts.refetchInterval ?? false),
  });
  const code = q.isError ? AppError.from(q.error).appCode : null;
  const notFound = code === 'ORDER_NOT_FOUND' || code === 'BAD_INPUT' || code === 'MISSING_PARAMS';
  return { ...q, notFound };
}
