// What web tests take dates from (never a UTC date sliced from toISOString): the station's calendar
// (stationDay) and the instants that break naive date code (edges: the same as the Go tests'
// internal/clock/clocktest.Edges), for tests that run a rule at each of them under vi.setSystemTime.
// Test support only: no screen imports it.

import { productZone } from './format';

/** The demo stations' zone, the product's default. */
export const stationZone = productZone;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** stationDay is the calendar date ("YYYY-MM-DD") in timeZone n calendar days after the one at instant. */
export function stationDay(instant: Date, n = 0, timeZone = stationZone): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, f);
  }
  const [y, m, d] = f.format(instant).split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + n));
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** isLastSundayOf says whether a calendar date is the last Sunday of month (1-12): a DST change in the EU. */
export function isLastSundayOf(date: string, month: number): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return m === month && t.getUTCDay() === 0 && new Date(Date.UTC(y, m - 1, d + 7)).getUTCMonth() !== m - 1;
}

/** The instants where UTC's date, a day of 24 hours or a month of 30 days goes wrong for a station in Tallinn. */
export const edges: { name: string; at: string }[] = [
  { name: '22:30 UTC, 00:30 on the 1st in Tallinn', at: '2026-11-30T22:30:00Z' },
  { name: "23:59 UTC on New Year's Eve, 01:59 in Tallinn", at: '2026-12-31T23:59:00Z' },
  { name: 'midnight in Tallinn in summer', at: '2026-06-30T21:00:00Z' },
  { name: '23:58 in Tallinn on the 31st', at: '2027-01-31T21:58:00Z' },
  { name: '23:59 in Tallinn on the 31st', at: '2026-08-31T20:59:00Z' },
  { name: '23:59 in Tallinn before the spring DST change', at: '2027-03-27T21:59:00Z' },
  { name: 'a minute before the spring DST change', at: '2027-03-28T00:59:00Z' },
  { name: '23:59 in Tallinn before the autumn DST change', at: '2026-10-24T20:59:00Z' },
  { name: 'in the hour the autumn DST change repeats', at: '2026-10-25T00:30:00Z' },
  { name: 'a minute before the autumn DST change', at: '2026-10-25T00:59:00Z' },
  { name: '23:59 in Tallinn on 28 February of a leap year', at: '2028-02-28T21:59:00Z' },
  { name: '23:30 in Tallinn on 29 February', at: '2028-02-29T21:30:00Z' },
];
