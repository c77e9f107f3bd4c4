// The one status vocabulary of the screens (issue 28): which spec word an order, a
// card, a payment, an invoice or a credit note is in, and the word itself from the
// `status` namespace (locales/*/status.ts). Every screen shows a status through here,
// so one order is never "Active" on one screen and "Booked" on the next.
import type { InvoiceView, OrderLockerView, OrderView, PaymentMethodView } from '@/api/generated/app-router';
import { useTranslation, type TFunction } from '@/i18n';

export type OrderWord = OrderView['label'] | OrderLockerView['status'] | 'opened' | 'valid';
export type CardWord = PaymentMethodView['label'];
export type PaymentWord = NonNullable<OrderView['payment']['state']>;
export type InvoiceWord = InvoiceView['state'];

/**
 * orderStatus is the one word for an order (and one of its lockers) on every screen:
 * the order's label (spec §4: booked-not-started, active, unpaid, cancelled, ...), or
 * while its time runs, where its locker has got to once things are in it (delivered:
 * use the picking code; picked). The list, the done page and the order page all ask
 * here. Without a locker, a one-locker order's locker counts.
 */
export function orderStatus(
  order: Pick<OrderView, 'label' | 'lockers'>,
  locker: Pick<OrderLockerView, 'status'> | undefined = order.lockers.length === 1 ? order.lockers[0] : undefined,
): OrderWord {
  const running = order.label === 'booked' || order.label === 'active' || order.label === 'extended';
  if (running && locker && locker.status !== 'booked') return locker.status;
  return order.label;
}

/** StatusWords names each kind of status in the language of t. */
export interface StatusWords {
  order(word: OrderWord): string;
  orderMeaning(word: OrderWord): string;
  card(word: CardWord): string;
  cardMeaning(word: CardWord): string;
  payment(word: PaymentWord): string;
  /** A credit note's paid money went back: it is "Refunded", as its PDF says. */
  invoice(kind: InvoiceView['kind'], word: InvoiceWord): string;
}

export function statusWords(t: TFunction<'status'>): StatusWords {
  return {
    order: (w) => t(`order.${w}`),
    orderMeaning: (w) => t(`orderMeaning.${w}`),
    card: (w) => t(`card.${w}`),
    cardMeaning: (w) => t(`cardMeaning.${w}`),
    payment: (w) => t(`payment.${w}`),
    invoice: (kind, w) => t(kind === 'credit_note' ? `creditNote.${w}` : `invoice.${w}`),
  };
}

/** useStatusWords is statusWords in the language on the screen. */
export function useStatusWords(): StatusWords {
  const { t } = useTranslation('status');
  return statusWords(t);
}
