// What a card's or an order's payment state means for the screens: labels, tones,
// which cards can pay, and when the app stops waiting for the provider.
import type { OrderView, PaymentMethodView } from '@/api/generated/app-router';

export type MethodLabel = PaymentMethodView['label'];
export type Tone = 'good' | 'wait' | 'done' | 'bad';

/** methodTone groups a card's label (spec §4) by what the user should feel. */
export function methodTone(label: MethodLabel): Tone {
  switch (label) {
    case 'active':
    case 'valid':
    case 'settled':
      return 'good';
    case 'initial':
    case 'processing':
      return 'wait';
    case 'failed':
      return 'bad';
  }
}

/** usable: a saved card that can be charged (valid, or settled after a successful charge). */
export function usable(m: Pick<PaymentMethodView, 'state'>): boolean {
  return m.state === 'valid' || m.state === 'settled';
}

/** methodSettled: the provider has decided about the card; nothing will change by itself any more. */
export function methodSettled(m: Pick<PaymentMethodView, 'state'>): boolean {
  return m.state !== 'initial' && m.state !== 'processing';
}

/** defaultMethod is the card order.pay charges when none is named: the active one, if it can pay. */
export function defaultMethod(methods: readonly PaymentMethodView[]): PaymentMethodView | undefined {
  return methods.find((m) => m.active && usable(m));
}

const brands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** brandName spells a card brand as its owner knows it; null until the provider told us. */
export function brandName(brand: string | null): string | null {
  if (!brand) return null;
  return brands[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** expiry is "MM/YY", or null for a card not saved yet. */
export function expiry(m: Pick<PaymentMethodView, 'expMonth' | 'expYear'>): string | null {
  if (!m.expMonth || !m.expYear) return null;
  return `${String(m.expMonth).padStart(2, '0')}/${String(m.expYear % 100).padStart(2, '0')}`;
}

/** expired: the card's last valid month is before now's month (cards are valid to the end of theirs). */
export function expired(m: Pick<PaymentMethodView, 'expMonth' | 'expYear'>, now: Date): boolean {
  if (!m.expMonth || !m.expYear) return false;
  return m.expYear * 12 + m.expMonth < now.getFullYear() * 12 + now.getMonth() + 1;
}

type PaymentOf = Pick<OrderView, 'status' | 'payment' | 'pendingExtension'>;

/** paymentInFlight: the provider is deciding a charge; the order changes by itself (spec §4 "Processing updates automatically"). */
export function paymentInFlight(o: PaymentOf): boolean {
  return o.status === 'processing' || o.payment.state === 'processing';
}

/**
 * paymentDecided answers the callback pages' question "has the payment's state
 * changed?": the provider paid or refused it (or it lapsed), and nothing is in
 * flight. A link that is merely open (pending) or never used (null) is not decided.
 */
export function paymentDecided(o: PaymentOf): boolean {
  if (paymentInFlight(o)) return false;
  return o.payment.state !== null && o.payment.state !== 'pending';
}

/** The provider's return statuses (/callback/.../{status}); anything else is read as success. */
export type ReturnStatus = 'success' | 'cancel' | 'failure';

export function returnStatus(raw: string | undefined): ReturnStatus {
  switch (raw?.toLowerCase()) {
    case 'cancel':
    case 'cancelled':
    case 'canceled':
      return 'cancel';
    case 'failure':
    case 'failed':
    case 'error':
      return 'failure';
    default:
      return 'success';
  }
}

/**
 * pollDelay is how long the callback pages wait before asking again, by the time
 * already spent waiting: quickly at first (the demo provider answers before the
 * browser is back), then gently; false after two minutes, when the page offers a
 * way on instead of asking forever.
 */
export function pollDelay(elapsedMs: number): number | false {
  if (elapsedMs < 10_000) return 1000;
  if (elapsedMs < 120_000) return 3000;
  return false;
}

/** paymentStateTone colours an order's latest payment state. */
export function paymentStateTone(state: NonNullable<OrderView['payment']['state']>): Tone {
  switch (state) {
    case 'paid':
      return 'good';
    case 'pending':
    case 'processing':
      return 'wait';
    case 'failed':
      return 'bad';
    case 'refunded':
    case 'expired':
      return 'done';
  }
}
