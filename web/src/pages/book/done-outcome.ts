import type { OrderView } from '@/api/generated/app-router';

export type DoneOutcome = 'booked' | 'processing' | 'unpaid' | 'declined' | 'over';

/**
 * doneOutcome is what the end of the booking flow tells: booked (free or paid),
 * the payment is being processed (updates by itself), waiting for payment, the
 * last payment was declined (the order still waits for payment while its hold
 * lasts, issue 26), or the order is over otherwise (the hold ran out, it was
 * cancelled, or its payment failed before declines kept the order).
 */
export function doneOutcome(o: Pick<OrderView, 'status' | 'payment'>): DoneOutcome {
  switch (o.status) {
    case 'booked':
    case 'active':
    case 'extended':
    case 'expired':
    case 'finalized':
      return 'booked';
    case 'processing':
      return 'processing';
    case 'unpaid':
      if (o.payment.state === 'processing') return 'processing';
      return o.payment.state === 'failed' ? 'declined' : 'unpaid';
    default:
      return 'over';
  }
}
