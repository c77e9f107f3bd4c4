import { describe, expect, it } from 'vitest';
import type { OrderView } from '@/api/generated/app-router';
import { doneOutcome } from './done-outcome';

const o = (status: OrderView['status'], state: OrderView['payment']['state'] = null) => ({
  status,
  payment: { state, dueCents: 0, dueVatCents: 0, dueFor: null, paidCents: 0, refundedCents: 0, currency: 'EUR' as const },
});

describe('doneOutcome', () => {
  it('tells booked, processing, waiting, declined and over apart', () => {
    const got = [
      o('booked', 'paid'),
      o('active'),
      o('processing', 'processing'),
      o('unpaid', 'processing'),
      o('unpaid', 'pending'),
      o('unpaid'),
      o('unpaid', 'failed'),
      o('failed', 'failed'),
      o('unfinished', 'failed'),
      o('unfinished'),
      o('cancelled'),
    ].map(doneOutcome);
    // A decline keeps the order waiting (issue 26); an order failed before that, or
    // whose hold ran out after a decline, is over.
    expect(got).toEqual(['booked', 'booked', 'processing', 'processing', 'unpaid', 'unpaid', 'declined', 'over', 'over', 'over', 'over']);
  });
});
