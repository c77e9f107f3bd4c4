import { describe, expect, it } from 'vitest';
import type { OrderView } from '@/api/generated/app-router';
import { cancelOutcome } from './cancel-notes';

type In = Parameters<typeof cancelOutcome>[0];
const payment = (paidCents: number): OrderView['payment'] => ({
  state: paidCents > 0 ? 'paid' : null,
  dueCents: 0,
  dueVatCents: 0,
  dueFor: null,
  paidCents,
  refundedCents: 0,
  currency: 'EUR',
});
const coupon = { uuid: 'c', code: 'FIRST3', name: { en: 'First 3', et: 'Esimesed 3' }, remaining: 2, used: true };

describe('cancelOutcome', () => {
  const cases: Array<[string, In, ReturnType<typeof cancelOutcome>]> = [
    ['paid within 15 minutes: refunded in full', { coupon: null, label: 'booked-not-started', payment: payment(1740), refundable: true }, { kind: 'refund', cents: 1740 }],
    ['paid earlier: no refund', { coupon: null, label: 'active', payment: payment(1740), refundable: false }, { kind: 'noRefund' }],
    ['an unpaid reservation: no word about money', { coupon: null, label: 'unpaid', payment: payment(0), refundable: false }, { kind: 'none' }],
    ['a free order before its start: the free order comes back', { coupon, label: 'booked-not-started', payment: payment(0), refundable: false }, { kind: 'couponBack' }],
    ['a free order that has started: nothing', { coupon, label: 'active', payment: payment(0), refundable: false }, { kind: 'none' }],
  ];
  for (const [name, input, want] of cases) {
    it(name, () => {
      expect(cancelOutcome(input)).toEqual(want);
    });
  }
});
