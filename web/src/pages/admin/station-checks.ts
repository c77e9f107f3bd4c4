import type { AdminStationFields } from '@/api/generated/app-router';
import { stationFieldLimits } from '@/lib/field-limits';

/** StationFieldName is a field of the station form that has a rule. */
export type StationFieldName = 'name' | 'address' | 'city' | 'latitude' | 'longitude' | 'timeZone' | 'openingHours';

/** isTimeZone reports whether the browser knows zone as an IANA name (the server checks it again). */
function isTimeZone(zone: string): boolean {
  if (!zone.trim() || zone === 'Local') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** tooLong counts characters as the server does (code points), not UTF-16 units. */
const tooLong = (v: string, k: keyof typeof stationFieldLimits) => [...v.trim()].length > stationFieldLimits[k];

const between = (n: number, lo: number, hi: number) => Number.isFinite(n) && n >= lo && n <= hi;

/**
 * badStationFields is every field of a station that the server's check would refuse
 * (station.CheckStation: the same lengths and ranges), so the form flags them all at
 * once before sending, not one per save.
 */
export function badStationFields(s: AdminStationFields): StationFieldName[] {
  const checks: [StationFieldName, boolean][] = [
    ['name', !s.name.trim() || tooLong(s.name, 'name')],
    ['address', !s.address.trim() || tooLong(s.address, 'address')],
    ['city', !s.city.trim() || tooLong(s.city, 'city')],
    ['latitude', !between(s.latitude, -90, 90)],
    ['longitude', !between(s.longitude, -180, 180)],
    ['openingHours', tooLong(s.openingHours, 'openingHours')],
    ['timeZone', !isTimeZone(s.timeZone)],
  ];
  return checks.filter(([, bad]) => bad).map(([field]) => field);
}
