/**
 * newIdempotencyKey names one intent (a booking, an operator's refund), so that a
 * retried call (a double tap, a lost answer) returns what the first call made
 * instead of doing it twice. It is a version 4 UUID: crypto.randomUUID needs a
 * secure context, crypto.getRandomValues does not.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = Array.from(crypto.getRandomValues(new Uint8Array(16)));
  // The version (4) and variant (10xx) bits of RFC 9562.
  const hex = b.map((x, i) => (i === 6 ? (x & 0x0f) | 0x40 : i === 8 ? (x & 0x3f) | 0x80 : x).toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
