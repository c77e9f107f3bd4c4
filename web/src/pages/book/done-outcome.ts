import type { OrderView } from '@/api/generated/app-router';

export type DoneOutcome = 'booked' | 'processing' | 'unpaid' | 'declined' | 'over';

/**
 * doneOutcome is what the end of the booking flow tells: booked (free or paid),
 * the payment is being processed (updates by itself), waiting for payment, the
 * payment was declined (the order failed and let its locker go), or the order is
 * over otherwise (the hold ran out, it was cancelled).
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
      return o.payment.state === 'processing' ? 'processing' : 'unpaid';
    case 'failed':
      return 'declined';
    default:
      return 'over';
  }
}
