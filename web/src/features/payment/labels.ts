// Texts built from the payment namespace, so every screen names a card, a payment
// state and a failure the same way.
import type { TFunction } from '@/i18n';
import type { OrderView, PaymentMethodView } from '@/api/generated/app-router';
import { AppError } from '@/lib/errors';
import { brandName } from './states';

export type PaymentT = TFunction<'payment'>;

/** cardTitle is "Visa •••• 4242", or "Card being added" before the provider told us the card. */
export function cardTitle(t: PaymentT, m: Pick<PaymentMethodView, 'brand' | 'last4'>): string {
  return m.last4 ? t('method.title', { brand: brandName(m.brand) ?? t('method.card'), last4: m.last4 }) : t('method.pending');
}

export type PaymentState = NonNullable<OrderView['payment']['state']>;

const payErrors = {
  MISSING_PAYMENT_METHOD: 'errors.noCard',
  PAYMENT_METHOD_NOT_FOUND: 'errors.cardGone',
  CHARGE_ERROR: 'errors.charge',
  CANT_CHANGE: 'errors.inFlight',
  ORDER_EXPIRED: 'errors.expired',
  ORDER_ALREADY_CONFIRMED: 'errors.paid',
  ORDER_IS_NOT_CONFIRMED: 'errors.notConfirmed',
  ORDER_CANCELLED: 'errors.closed',
  ORDER_ALREADY_CANCELLED: 'errors.closed',
  ORDER_REFUNDED: 'errors.closed',
  ORDER_FAILED: 'errors.closed',
  ORDER_DELETED: 'errors.closed',
  ORDER_ALREADY_DELETED: 'errors.closed',
  CANT: 'errors.tooManyCards',
} as const;

/** payError says why paying, getting a link or adding a card failed, in words the user can act on. */
export function payError(t: PaymentT, err: unknown): string {
  const code = AppError.from(err).appCode;
  const key = (payErrors as Record<string, (typeof payErrors)[keyof typeof payErrors] | undefined>)[code];
  return key ? t(key) : t('errors.general');
}
