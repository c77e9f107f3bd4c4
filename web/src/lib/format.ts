// The one formatter of dates, times, durations and money on the consumer screens
// (issue 28): Intl only, 24-hour clock in both languages (the time fields are typed
// as hh:mm), amounts as integer euro cents, instants as RFC 3339 strings shown in the
// station's zone, which is named where it differs from the device's. The server
// words e-mails, push and SMS the same way (internal/notify/texts.go).
import { intlLocale } from './money';

export { apiLanguage, formatMoney, intlLocale } from './money';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, timeZone: string | undefined, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(opts)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, ...opts });
    dateFormats.set(key, f);
  }
  return f;
}

const clock: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const date: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateTimeOpts: Intl.DateTimeFormatOptions = { weekday: 'short', ...date, ...clock };
const instantOpts: Intl.DateTimeFormatOptions = { ...date, ...clock };

/** formatDateTime shows an instant as weekday, date and 24-hour time in the zone ("Sat, Nov 28, 2026, 21:05"). */
export function formatDateTime(iso: string | Date, timeZone: string, language: string): string {
  return dateFormat(intlLocale(language), timeZone, dateTimeOpts).format(new Date(iso));
}

/** formatInstant is an instant without the weekday, for lists and notes ("Nov 28, 2026, 21:05", "28. nov 2026, 21:05"). */
export function formatInstant(iso: string | Date, timeZone: string, language: string): string {
  return dateFormat(intlLocale(language), timeZone, instantOpts).format(new Date(iso));
}

/** formatDate shows the calendar date of an instant in the zone. */
export function formatDate(iso: string | Date, timeZone: string, language: string): string {
  return dateFormat(intlLocale(language), timeZone, date).format(new Date(iso));
}

/** formatLongDate is a date written out ("November 28, 2026"), for documents and articles. */
export function formatLongDate(iso: string | Date, language: string, timeZone?: string): string {
  return dateFormat(intlLocale(language), timeZone, { dateStyle: 'long' }).format(new Date(iso));
}

/**
 * formatCalendarDay names a calendar date ("YYYY-MM-DD", no zone) in the language
 * ("Fri, Nov 27" / "R, 27. nov"); the year only when it is not this one, so a list of
 * about two months of days fits a phone. This year is that of `today` (the station's
 * date, "YYYY-MM-DD"): in UTC it is still last year for the first hours of 1 January
 * in Tallinn. Without it, UTC's.
 */
export function formatCalendarDay(date: string, language: string, today?: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const thisYear = today ? Number(today.slice(0, 4)) : new Date().getUTCFullYear();
  const year = y === thisYear ? undefined : 'numeric';
  return dateFormat(intlLocale(language), 'UTC', { weekday: 'short', day: 'numeric', month: 'short', year }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** formatClock is the 24-hour time of an instant in the zone (the device's when none is given). */
export function formatClock(iso: string | Date, language: string, timeZone?: string): string {
  return dateFormat(intlLocale(language), timeZone, clock).format(new Date(iso));
}

/** formatRange shows a timeframe compactly, leaving out the repeated date of a one-day frame. */
export function formatRange(start: string | Date, end: string | Date, timeZone: string, language: string): string {
  return dateFormat(intlLocale(language), timeZone, dateTimeOpts).formatRange(new Date(start), new Date(end));
}

/** zoneName is the short name of the zone at instant ("EET", "GMT+2"), to say which clock a time is on. */
export function zoneName(iso: string | Date, timeZone: string, language: string): string {
  const parts = dateFormat(intlLocale(language), timeZone, { timeZoneName: 'short' }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** deviceZone is the device's IANA zone (tests set it with the TZ variable). */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * zoneDiffers: the zone's clock at instant is not the device's, so a time in it must
 * say which clock it is on (a traveller booking at home for a station abroad).
 */
export function zoneDiffers(iso: string | Date, timeZone: string, device: string = deviceZone()): boolean {
  if (timeZone === device) return false;
  const at = new Date(iso);
  const offset = (zone: string) => dateFormat('en-US', zone, { timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return offset(timeZone) !== offset(device);
}

/** formatStationInstant is formatInstant with the zone's name added where it differs from the device's. */
export function formatStationInstant(iso: string | Date, timeZone: string, language: string, device?: string): string {
  const text = formatInstant(iso, timeZone, language);
  return zoneDiffers(iso, timeZone, device) ? `${text} (${zoneName(iso, timeZone, language)})` : text;
}

/** splitDuration splits minutes into days, hours and minutes, e.g. {days: 1, hours: 3, minutes: 0}. */
export function splitDuration(minutes: number): { days: number; hours: number; minutes: number } {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return { days, hours, minutes: minutes % 60 };
}

/** formatDimensions shows dimensions "H × W × D" in centimetres, as people measure parcels. */
export function formatDimensions(d: { height: number; width: number; depth: number }, language: string): string {
  const f = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });
  return `${f.format(d.height / 10)} × ${f.format(d.width / 10)} × ${f.format(d.depth / 10)} cm`;
}
