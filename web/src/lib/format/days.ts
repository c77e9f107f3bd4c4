// Calendar days as the API takes them (YYYY-MM-DD, RFC 3339 bounds): machine
// forms, never shown to people; statistics and the back office's date filters
// count in UTC days.
import { productZone } from './style';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** dayIn is the calendar date (YYYY-MM-DD) in timeZone at instant. */
export function dayIn(timeZone: string, instant: Date): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    // en-CA writes a date as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(instant);
}

/**
 * utcDay is the UTC calendar date (YYYY-MM-DD) days after (or before) now: the day the statistics and
 * the back office's date filters count in (docs/decisions/064-statistics-and-network.md), which is not
 * the station's date for two or three hours after its midnight.
 */
export function utcDay(offsetDays = 0, now: Date = new Date()): string {
  return dayIn('UTC', new Date(now.getTime() + offsetDays * 86400000));
}

/** productDay is the date on the product's clock at now, e.g. for a file's name. */
export function productDay(now: Date = new Date()): string {
  return dayIn(productZone, now);
}

/** dayStart turns a date field's YYYY-MM-DD into the RFC 3339 start of that UTC day ('' stays ''). */
export function dayStart(day: string): string {
  return day ? `${day}T00:00:00Z` : '';
}

/**
 * dayEnd turns a date field's YYYY-MM-DD into the start of the next UTC day: the API's
 * `to` is exclusive, and an operator's "to 5 May" includes 5 May.
 */
export function dayEnd(day: string): string {
  if (!day) return '';
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() + 86400000).toISOString().replace('.000Z', 'Z');
}
