import type { StationView } from '@/api/generated/app-router';

/** A point on the earth in degrees. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

/** placed tells whether a station has coordinates (0, 0 means none were entered). */
export function placed(s: LatLon): boolean {
  return Number.isFinite(s.latitude) && Number.isFinite(s.longitude) && !(s.latitude === 0 && s.longitude === 0);
}

/** distanceKm is the great-circle distance (haversine, mean earth radius). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * byDistance orders stations nearest first from `from`; stations without
 * coordinates go last, in their given order (the sort is stable).
 */
export function byDistance<T extends LatLon>(stations: T[], from: LatLon): T[] {
  const d = (s: T) => (placed(s) ? distanceKm(from, s) : Infinity);
  return [...stations].sort((a, b) => d(a) - d(b));
}

/** formatDistance says how far in the screen's language: metres under a kilometre, else km with one decimal. */
export function formatDistance(km: number, locale: string): string {
  const metres = km < 1;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: metres ? 'meter' : 'kilometer',
    maximumFractionDigits: metres || km >= 10 ? 0 : 1,
  }).format(metres ? Math.round((km * 1000) / 10) * 10 : km);
}

/** freeNow is how many of a station's lockers are free for the next hour, all kinds together. */
export function freeNow(s: Pick<StationView, 'products'>): number {
  return s.products.reduce((n, p) => n + p.freeNow, 0);
}
