// Server state of payments: saved cards (paymentMethod.*) and paying an order
// (order.pay with a card, order.paymentLink for the provider's one-time page).
// Paying changes orders and, a moment later, invoices: every write marks both stale
// by their key prefixes ('order', 'invoice'), which every feature's keys start with.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderView, PaymentMethodView } from '@/api/generated/app-router';
import { trpc } from '@/api/trpc';
import { apiLanguage } from '@/lib/money';

export const paymentMethodsQuery = queryOptions({
  queryKey: ['paymentMethod', 'list'] as const,
  queryFn: () => trpc.paymentMethod.list.query(),
  staleTime: 10_000,
  // A card being saved changes without the user doing anything: poll while one is processing.
  refetchInterval: (q) => (q.state.data?.some((m) => m.state === 'processing') ? 2000 : false),
});

export const paymentMethodQuery = (paymentMethodUuid: string) =>
  queryOptions({
    queryKey: ['paymentMethod', 'get', paymentMethodUuid] as const,
    queryFn: () => trpc.paymentMethod.get.query({ paymentMethodUuid }),
    // PAYMENT_METHOD_NOT_FOUND is a page state, not a toast.
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.state === 'processing' ? 2000 : false),
  });

function methodChanged(client: QueryClient, m: PaymentMethodView): void {
  client.setQueryData(paymentMethodQuery(m.uuid).queryKey, m);
  void client.invalidateQueries({ queryKey: ['paymentMethod', 'list'] });
}

function orderChanged(client: QueryClient, o: OrderView): void {
  client.setQueryData(['order', 'get', o.uuid], o);
  void client.invalidateQueries({ queryKey: ['order', 'list'] });
  void client.invalidateQueries({ queryKey: ['invoice'] });
}

/** useAddPaymentMethod starts a card on the provider's page, or finishes a half-added one (with its uuid). */
export function useAddPaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { paymentMethodUuid?: string; language: string }) =>
      trpc.paymentMethod.add.mutate({ paymentMethodUuid: input.paymentMethodUuid, lang: apiLanguage(input.language) }),
    onSuccess: (res) => methodChanged(client, res.paymentMethod),
    meta: { silent: true },
  });
}

export function useActivatePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodUuid: string) => trpc.paymentMethod.activate.mutate({ paymentMethodUuid }),
    // The previous default lost its flag too: the list is read again.
    onSuccess: (m) => methodChanged(client, m),
    meta: { silent: true },
  });
}

export function useDeactivatePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodUuid: string) => trpc.paymentMethod.deactivate.mutate({ paymentMethodUuid }),
    onSuccess: (m) => methodChanged(client, m),
    meta: { silent: true },
  });
}

export function useRemovePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodUuid: string) => trpc.paymentMethod.remove.mutate({ paymentMethodUuid }),
    onSuccess: (_res, paymentMethodUuid) => {
      client.removeQueries({ queryKey: paymentMethodQuery(paymentMethodUuid).queryKey });
      void client.invalidateQueries({ queryKey: ['paymentMethod', 'list'] });
    },
    meta: { silent: true },
  });
}

/** usePayOrder charges what the order owes to a saved card: the default one unless one is named. */
export function usePayOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderUuid: string; paymentMethodUuid?: string }) => trpc.order.pay.mutate(input),
    onSuccess: (o) => orderChanged(client, o),
    // A charge that fails (CHARGE_ERROR, MISSING_PAYMENT_METHOD, ...) comes back to the screen to say why.
    onError: () => client.invalidateQueries({ queryKey: ['paymentMethod'] }),
    meta: { silent: true },
  });
}

/** usePaymentLink asks for the provider's one-time payment page of what the order owes. */
export function usePaymentLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderUuid: string; language: string }) =>
      trpc.order.paymentLink.mutate({ orderUuid: input.orderUuid, lang: apiLanguage(input.language) }),
    onSuccess: (res) => orderChanged(client, res.order),
    meta: { silent: true },
  });
}
