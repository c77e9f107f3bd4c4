import type { AdminRentalEffect } from '@/api/generated/app-router';

/** sameEffects tells whether two previews do the same to the same bookings. */
export function sameEffects(a: AdminRentalEffect[], b: AdminRentalEffect[]): boolean {
  const key = (e: AdminRentalEffect) => `${e.orderLockerUuid}|${e.effect}|${e.toLabel}|${e.start}|${e.end}`;
  return a.length === b.length && a.map(key).sort().join() === b.map(key).sort().join();
}
