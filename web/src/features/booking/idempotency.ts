/**
 * newIdempotencyKey names one booking intent, so that a retried order.create (a
 * double tap, a lost answer) returns the order the first call made instead of
 * reserving a second locker. crypto.randomUUID needs a secure context; the
 * fallback is random enough for one user's keys.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
