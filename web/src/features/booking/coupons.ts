import type { CouponView } from '@/api/generated/app-router';

/**
 * applicableCoupon is the pack the server would use for a new order at a station
 * (promo.Service.Best): one with free orders left, a station-specific pack before a
 * general one, then the one expiring first. The screens use it only to tell the
 * user in advance; the server decides.
 */
export function applicableCoupon(coupons: CouponView[], stationUuid: string, now: Date = new Date()): CouponView | null {
  const usable = coupons.filter(
    (c) =>
      c.remaining > 0 &&
      (c.stationUuid === null || c.stationUuid === stationUuid) &&
      (c.validUntil === null || new Date(c.validUntil).getTime() > now.getTime()),
  );
  usable.sort((a, b) => {
    if ((a.stationUuid === null) !== (b.stationUuid === null)) return a.stationUuid === null ? 1 : -1;
    const ea = a.validUntil ? new Date(a.validUntil).getTime() : Number.POSITIVE_INFINITY;
    const eb = b.validUntil ? new Date(b.validUntil).getTime() : Number.POSITIVE_INFINITY;
    return ea - eb;
  });
  return usable[0] ?? null;
}

/** freeOrdersLeft sums the free orders of every pack still valid. */
export function freeOrdersLeft(coupons: CouponView[], now: Date = new Date()): number {
  return coupons
    .filter((c) => c.validUntil === null || new Date(c.validUntil).getTime() > now.getTime())
    .reduce((n, c) => n + Math.max(0, c.remaining), 0);
}

/** couponName picks the pack's name in the app language. */
export function couponName(c: { name: { en: string; et: string }; code: string }, language: string): string {
  const name = language.toLowerCase().startsWith('et') ? c.name.et : c.name.en;
  return name || c.code;
}
