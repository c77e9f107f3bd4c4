// Dates, times and durations of the back office, with Intl only. Instants are shown
// on a station's clock when they belong to one (an order, an issue), otherwise on the
// product's clock (Europe/Tallinn), always with the zone named, never on the
// operator's own device zone; statistics count in UTC days, so their filters work on
// UTC dates.
import { intlLocale } from '@/lib/money';

export { formatMoney } from '@/lib/money';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(opts)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language), opts);
    formats.set(key, f);
  }
  return f;
}

/**
 * productZone is the product's default station zone (the server's station.Location
 * falls back to it): the clock of the records that have no station of their own
 * (the audit, the server log, an account's dates).
 */
export const productZone = 'Europe/Tallinn';

/**
 * formatWhen shows an instant with no station of its own on the product's clock, with
 * the zone named ("1 Jul 2026, 13:00 GMT+3"), or '—' for none.
 */
export function formatWhen(iso: string | undefined | null, language: string): string {
  return formatInZone(iso, language, productZone);
}

/**
 * formatInZone shows an instant on a station's clock, labelled with the zone's short
 * name ("28 Nov 2026, 03:05 EET"), so an operator in another zone reads the time the
 * customer and the station see; '—' for none.
 */
export function formatInZone(iso: string | undefined | null, language: string, timeZone: string): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  let zone = timeZone || productZone; // an entry of no station: the product's clock
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format(d);
  } catch {
    zone = 'UTC'; // an unknown zone name: UTC, still labelled
  }
  return format(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(d);
}

/**
 * chargedTime folds a price line's started hours into days: the server charges a rental of
 * 3 d 23 h 58 min as 3 days and 24 started hours (capped at a day's price), which reads
 * as 4 days, not "3 d 24 h".
 */
export function chargedTime(days: number, hours: number): { days: number; hours: number } {
  return { days: days + Math.floor(hours / 24), hours: hours % 24 };
}

/**
 * lastDay shows an exclusive end stored as the start of the next UTC day (a coupon's
 * valid-until) as the last day it covers: 2027-01-01T00:00Z is "Dec 31, 2026", never
 * "Jan 1, 2027, 02:00" on a clock east of UTC.
 */
export function lastDay(iso: string | undefined | null, language: string): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return format(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(d.getTime() - 1));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** formatNumber writes a figure in the operator's language: "21.2" in English, "21,2" in Estonian. */
export function formatNumber(n: number, language: string, digits = 1): string {
  const key = `${intlLocale(language)}|${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, f);
  }
  return f.format(n);
}

/**
 * formatPercent writes a share already in per cent as each language writes it: "21.2%" in
 * English, "21,2 %" in Estonian (a space before the sign, which does not break).
 */
export function formatPercent(pct: number, language: string, digits = 1): string {
  const n = formatNumber(pct, language, digits);
  return intlLocale(language) === 'et-EE' ? `${n}\u00a0%` : `${n}%`;
}

/** splitSeconds breaks a time left into days, hours and minutes (a negative time counts as none). */
export function splitSeconds(secs: number): { days: number; hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(secs));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60) };
}

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

/** productDay is the date on the product's clock (Europe/Tallinn) at now, e.g. for a file's name. */
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
