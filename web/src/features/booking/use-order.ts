import { useQuery } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { orderQuery } from './api';

/**
 * useOrder reads one of the user's orders. notFound covers another user's order and
 * a mistyped id alike (the server answers ORDER_NOT_FOUND for both).
 */
export function useOrder(orderUuid: string, opts: { refetchInterval?: number | false } = {}) {
  const q = useQuery({ ...orderQuery(orderUuid), refetchInterval: opts.refetchInterval });
  const code = q.isError ? AppError.from(q.error).appCode : null;
  const notFound = code === 'ORDER_NOT_FOUND' || code === 'BAD_INPUT' || code === 'MISSING_PARAMS';
  return { ...q, notFound };
}
