import { describe, expect, it } from 'vitest';
import type { OrderView, PaymentMethodView } from '@/api/generated/app-router';
import {
  brandName,
  defaultMethod,
  expired,
  expiry,
  methodSettled,
  methodTone,
  paymentDecided,
  paymentInFlight,
  pollDelay,
  returnStatus,
  usable,
} from './states';

function card(over: Partial<PaymentMethodView>): PaymentMethodView {
  return {
    uuid: 'm1',
    provider: 'demo',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2029,
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

type Paying = Pick<OrderView, 'status' | 'payment' | 'pendingExtension'>;
function order(status: OrderView['status'], state: OrderView['payment']['state']): Paying {
  return {
    status,
    pendingExtension: null,
    payment: { state, dueCents: 0, dueVatCents: 0, dueFor: null, paidCents: 0, refundedCents: 0, currency: 'EUR' },
  };
}

describe('cards', () => {
  it('colours every spec §4 label', () => {
    const got = Object.fromEntries((['initial', 'processing', 'valid', 'settled', 'active', 'failed'] as const).map((l) => [l, methodTone(l)]));
    expect(got).toEqual({ initial: 'wait', processing: 'wait', valid: 'good', settled: 'good', active: 'good', failed: 'bad' });
  });

  it('pays only with a valid or settled card', () => {
    const got = (['initial', 'processing', 'valid', 'settled', 'failed'] as const).filter((state) => usable({ state }));
    expect(got).toEqual(['valid', 'settled']);
  });

  it('waits while a card is initial or processing', () => {
    const got = (['initial', 'processing', 'valid', 'settled', 'failed'] as const).filter((state) => !methodSettled({ state }));
    expect(got).toEqual(['initial', 'processing']);
  });

  it('takes the active card as default only when it can pay', () => {
    const a = card({ uuid: 'a' });
    const b = card({ uuid: 'b', active: true, label: 'active' });
    expect(defaultMethod([a, b])?.uuid).toBe('b');
    expect(defaultMethod([a, card({ uuid: 'c', active: true, state: 'failed', label: 'failed' })])).toBeUndefined();
    expect(defaultMethod([])).toBeUndefined();
  });

  it('names brands and shows the expiry as MM/YY', () => {
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('cartes_bancaires')).toBe('Cartes_bancaires');
    expect(brandName(null)).toBeNull();
    expect(expiry({ expMonth: 3, expYear: 2031 })).toBe('03/31');
    expect(expiry({ expMonth: null, expYear: null })).toBeNull();
  });

  it('treats a card as valid through its expiry month', () => {
    const now = new Date(2026, 4, 15); // May 2026
    expect(expired({ expMonth: 5, expYear: 2026 }, now)).toBe(false);
    expect(expired({ expMonth: 4, expYear: 2026 }, now)).toBe(true);
    expect(expired({ expMonth: 12, expYear: 2025 }, now)).toBe(true);
    expect(expired({ expMonth: null, expYear: null }, now)).toBe(false);
  });
});

describe('when the callback pages stop waiting', () => {
  const cases: Array<[string, Paying, boolean]> = [
    ['no payment yet', order('unpaid', null), false],
    ['a link is open', order('unpaid', 'pending'), false],
    ['a charge is processing', order('processing', 'processing'), false],
    ['an extension charge is processing', order('booked', 'processing'), false],
    ['paid and booked', order('booked', 'paid'), true],
    ['declined: the order failed', order('failed', 'failed'), true],
    ['a declined extension leaves the order booked', order('active', 'failed'), true],
    ['the link lapsed', order('unpaid', 'expired'), true],
    ['refunded', order('refunded', 'refunded'), true],
  ];
  for (const [name, o, want] of cases) {
    it(`${name}: decided=${want}`, () => {
      expect(paymentDecided(o)).toBe(want);
    });
  }

  it('sees a charge in flight by the order or by the payment', () => {
    expect(paymentInFlight(order('processing', 'pending'))).toBe(true);
    expect(paymentInFlight(order('extended', 'processing'))).toBe(true);
    expect(paymentInFlight(order('unpaid', 'pending'))).toBe(false);
  });

  it('reads the provider statuses, also as spelled by others', () => {
    const got = ['success', 'cancel', 'cancelled', 'failure', 'failed', 'whatever', undefined].map(returnStatus);
    expect(got).toEqual(['success', 'cancel', 'cancel', 'failure', 'failure', 'success', 'success']);
  });

  it('polls quickly, then gently, then stops after two minutes', () => {
    expect([0, 9_999, 10_000, 119_999, 120_000, 600_000].map(pollDelay)).toEqual([1000, 1000, 3000, 3000, false, false]);
  });
});
