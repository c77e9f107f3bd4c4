// Server state of the booking feature: one queryOptions factory per read, hooks for
// the writes. Every write refreshes the reads it changes, so screens never show a
// stale coupon count or order status after an action.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AvailabilityInput,
  FreeDaysInput,
  OrderCancelInput,
  OrderCreateInput,
  OrderExtendInput,
  OrderView,
} from '@/api/generated/app-router';
import { trpc } from '@/api/trpc';
import { draftKey, forgetDraft, forgetDraftOrder, holdsDraft, rememberDraftOrder, type Draft } from './draft-key';

export const stationQuery = (stationUuid: string) =>
  queryOptions({
    queryKey: ['station', 'get', stationUuid] as const,
    queryFn: () => trpc.station.get.query({ stationUuid }),
    staleTime: 5 * 60_000,
    // STATION_NOT_FOUND is shown by the page itself.
    meta: { silent: true },
  });

export const availabilityQuery = (input: AvailabilityInput) =>
  queryOptions({
    queryKey: ['station', 'availability', input.stationUuid, input.start, input.end] as const,
    queryFn: () => trpc.station.availability.query(input),
    staleTime: 15_000,
    meta: { silent: true },
  });

/** freeDaysQuery is one product's free count per day, for the time picker's day list. */
export const freeDaysQuery = (input: FreeDaysInput) =>
  queryOptions({
    queryKey: ['station', 'availability', input.stationUuid, 'days', input.height, input.type, input.temperature, input.from, input.days] as const,
    queryFn: () => trpc.station.freeDays.query(input),
    staleTime: 30_000,
    // The day list works without the counts; a failure only leaves them out.
    meta: { silent: true },
    retry: false,
  });

export const ordersQuery = (scope: 'active' | 'history') =>
  queryOptions({
    queryKey: ['order', 'list', scope] as const,
    queryFn: () => trpc.order.list.query({ scope }),
    staleTime: 10_000,
  });

export const orderQuery = (orderUuid: string) =>
  queryOptions({
    queryKey: ['order', 'get', orderUuid] as const,
    queryFn: () => trpc.order.get.query({ orderUuid }),
    // ORDER_NOT_FOUND is a page state, not a toast.
    meta: { silent: true },
  });

export const couponsQuery = queryOptions({
  queryKey: ['coupon', 'list'] as const,
  queryFn: () => trpc.coupon.list.query(),
  staleTime: 10_000,
});

/** orderChanged stores a fresh order and marks everything that depends on orders as stale. */
export function orderChanged(client: QueryClient, order: OrderView): void {
  client.setQueryData(orderQuery(order.uuid).queryKey, order);
  if (!holdsDraft(order.status)) forgetDraftOrder(order.uuid); // paid, cancelled or over: its draft may be booked anew
  void client.invalidateQueries({ queryKey: ['order', 'list'] });
  void client.invalidateQueries({ queryKey: ['coupon', 'list'] });
  void client.invalidateQueries({ queryKey: ['station', 'availability', order.station.uuid] });
}

/** What Reserve answers: the draft's order, and whether the user held it already (Back, a reload, another tab). */
export interface Reserved {
  order: OrderView;
  alreadyHeld: boolean;
}

/**
 * useReserve books a draft once (issue 26): the draft's idempotency key (draft-key.ts)
 * makes order.create answer the order it made first. When that order no longer holds
 * anything (paid, cancelled, let go), the draft is forgotten and booked with a new key.
 */
export function useReserve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (draft: Draft & Pick<OrderCreateInput, 'height' | 'temperature'>): Promise<Reserved> => {
      let held = draftKey(draft);
      let order = await trpc.order.create.mutate({ ...draft, idempotencyKey: held.key });
      if (!holdsDraft(order.status)) {
        forgetDraft(draft);
        held = draftKey(draft);
        order = await trpc.order.create.mutate({ ...draft, idempotencyKey: held.key });
      }
      rememberDraftOrder(draft, order.uuid);
      return { order, alreadyHeld: held.orderUuid === order.uuid };
    },
    onSuccess: ({ order }) => orderChanged(client, order),
  });
}

export function useConfirmOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderUuid: string; acceptTerms: boolean }) => trpc.order.confirm.mutate(input),
    onSuccess: (order) => orderChanged(client, order),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderCancelInput) => trpc.order.cancel.mutate(input),
    onSuccess: (order) => orderChanged(client, order),
  });
}

export function useExtendOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderExtendInput) => trpc.order.extend.mutate(input),
    onSuccess: (order) => orderChanged(client, order),
  });
}

export function useRegisterCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => trpc.coupon.register.mutate({ code }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['coupon', 'list'] }),
  });
}
