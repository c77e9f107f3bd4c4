// Test fixtures of the payment feature (imported by its tests only).
import type { OrderView, PaymentMethodView } from '@/api/generated/app-router';

export function cardFixture(over: Partial<PaymentMethodView> = {}): PaymentMethodView {
  return {
    uuid: 'm1',
    provider: 'demo',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2031,
    state: 'valid',
    label: 'valid',
    active: false,
    declined: false,
    createdAt: '2026-01-01T00:00:00Z',
    canActivate: true,
    canDeactivate: false,
    canFinish: false,
    canRemove: true,
    ...over,
  };
}

export function orderFixture(over: Partial<OrderView> = {}): OrderView {
  return {
    uuid: 'o1',
    status: 'unpaid',
    label: 'unpaid',
    station: { uuid: 's1', name: 'Viru Keskus', address: 'Viru väljak 4', city: 'Tallinn', timeZone: 'Europe/Tallinn' },
    height: 'small',
    type: 'standard',
    temperature: 'neutral',
    start: '2026-11-23T22:01:00Z',
    end: '2026-11-24T21:59:00Z',
    reservedUntil: '2026-11-23T10:15:00Z',
    createdAt: '2026-11-23T10:00:00Z',
    confirmedAt: '2026-11-23T10:01:00Z',
    cancelledAt: null,
    cancelNote: null,
    lockers: [],
    priceLines: [],
    totalCents: 1740,
    vatCents: 337,
    currency: 'EUR',
    vatPercent: 24,
    coupon: null,
    canConfirm: false,
    canCancel: true,
    canExtend: false,
    refundable: false,
    payment: { state: null, dueCents: 1740, dueVatCents: 337, dueFor: 'order', paidCents: 0, refundedCents: 0, currency: 'EUR' },
    canPay: true,
    pendingExtension: null,
    ...over,
  };
}
