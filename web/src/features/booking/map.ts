import type { StationView } from '@/api/generated/app-router';

/**
 * mapUrl links a station to OpenStreetMap in a new tab. The app shows no map tiles
 * itself, so it works the same when a map service cannot be reached; stations
 * without coordinates (0, 0) get no link.
 */
export function mapUrl(s: Pick<StationView, 'latitude' | 'longitude'>): string | null {
  if (!Number.isFinite(s.latitude) || !Number.isFinite(s.longitude) || (s.latitude === 0 && s.longitude === 0)) return null;
  const lat = s.latitude.toFixed(5);
  const lon = s.longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** matchesStation is the station search: every word must appear in the name, address or city. */
export function matchesStation(s: Pick<StationView, 'name' | 'address' | 'city'>, query: string): boolean {
  const hay = fold(`${s.name} ${s.address} ${s.city}`);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

/** fold lowercases and drops accents, so "ulemiste" finds "Ülemiste". */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
