import type { OrderView } from '@/api/generated/app-router';
import type { BookingT } from './labels';

/**
 * The preset cancel reasons of spec §3. They are stored in English, so operators
 * read one language, and shown translated back to the user.
 */
export const presetNotes = { justTesting: 'just testing', wrongInput: 'wrong input' } as const;

/** noteText shows a stored cancel note, translating a preset reason. */
export function noteText(t: BookingT, note: string): string {
  for (const [key, text] of Object.entries(presetNotes)) {
    if (note === text) return t(`cancel.${key as keyof typeof presetNotes}`);
  }
  return note;
}

/** What cancelling does to the money or the free order, told before the user confirms. */
export type CancelOutcome =
  | { kind: 'couponBack' }
  | { kind: 'refund'; cents: number }
  | { kind: 'noRefund' }
  | { kind: 'none' };

/**
 * cancelOutcome: a free order cancelled before its start gives its free order
 * back; a paid order is refunded in full (every payment, extensions included)
 * within 15 minutes of its creation, later it is cancelled without refund (spec §9);
 * an order nobody paid for (an unpaid reservation) gets no word about money at all.
 */
export function cancelOutcome(o: Pick<OrderView, 'coupon' | 'label' | 'payment' | 'refundable'>): CancelOutcome {
  if (o.coupon?.used && o.label === 'booked-not-started') return { kind: 'couponBack' };
  if (o.payment.paidCents > 0) return o.refundable ? { kind: 'refund', cents: o.payment.paidCents } : { kind: 'noRefund' };
  return { kind: 'none' };
}
