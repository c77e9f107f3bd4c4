// Server state of invoices: the user's invoices and credit notes, all or one order's.
import { queryOptions } from '@tanstack/react-query';
import { trpc } from '@/api/trpc';

/**
 * invoicesQuery lists invoices newest first. Their pdfUrl is a signed link valid
 * for 10 minutes, so an open screen reads the list again every 5 minutes and a
 * download never meets an expired link.
 */
export const invoicesQuery = (orderUuid?: string) =>
  queryOptions({
    queryKey: ['invoice', 'list', orderUuid ?? 'all'] as const,
    queryFn: () => trpc.invoice.list.query(orderUuid ? { orderUuid } : {}),
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
  });
