// Dates and times for people, on every screen, consumer and back office alike
// (decision 170): Intl only converts an instant to a zone's clock; the words and
// their order come from style.json, the file the server's formatter reads too, so
// "K, 2. dets 2026, 00:20" reads the same on a screen, in an e-mail and on a PDF
// whatever ICU version the browser carries.
import { fill, productZone, styleOf } from './style';

const partFormats = new Map<string, Intl.DateTimeFormat>();

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
  /** Minutes the zone is ahead of UTC at the instant. */
  offset: number;
}

/** wall is the instant on the zone's clock (the device's when none is given). */
function wall(at: Date, timeZone: string | undefined): Wall {
  const key = timeZone ?? '';
  let f = partFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    partFormats.set(key, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const year = p.year ?? 1970;
  const month = p.month ?? 1;
  const day = p.day ?? 1;
  const hour = (p.hour ?? 0) % 24;
  const minute = p.minute ?? 0;
  const local = Date.UTC(year, month - 1, day, hour, minute);
  const t = at.getTime();
  const offset = Math.round((local - (t - (((t % 60000) + 60000) % 60000))) / 60000);
  return { year, month, day, hour, minute, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(), offset };
}

const two = (n: number) => String(n).padStart(2, '0');

function dateOf(w: Wall, language: string): string {
  const s = styleOf(language);
  return fill(s.date, { day: w.day, month: s.months[w.month - 1] ?? '', year: w.year });
}

function clockOf(w: Wall): string {
  return `${two(w.hour)}:${two(w.minute)}`;
}

function dateTimeOf(w: Wall, language: string): string {
  return `${styleOf(language).weekdays[w.weekday]}, ${dateOf(w, language)}, ${clockOf(w)}`;
}

function offsetOf(w: Wall): string {
  if (w.offset === 0) return 'UTC';
  const abs = Math.abs(w.offset);
  const minutes = abs % 60;
  return `UTC${w.offset < 0 ? '-' : '+'}${Math.floor(abs / 60)}${minutes ? `:${two(minutes)}` : ''}`;
}

const toDate = (iso: string | Date) => (iso instanceof Date ? iso : new Date(iso));

/** formatDateTime: weekday, date and 24-hour time in the zone ("Wed, 2 Dec 2026, 00:20", "K, 2. dets 2026, 00:20"). */
export function formatDateTime(iso: string | Date, timeZone: string, language: string): string {
  return dateTimeOf(wall(toDate(iso), timeZone), language);
}

/** formatInstant is an instant without the weekday, for lists and notes ("2 Dec 2026, 00:20"). */
export function formatInstant(iso: string | Date, timeZone: string, language: string): string {
  const w = wall(toDate(iso), timeZone);
  return `${dateOf(w, language)}, ${clockOf(w)}`;
}

/** formatDate is the calendar date of an instant in the zone ("2 Dec 2026", "2. dets 2026"); documents too. */
export function formatDate(iso: string | Date, timeZone: string, language: string): string {
  return dateOf(wall(toDate(iso), timeZone), language);
}

/** formatClock is the 24-hour time of an instant in the zone (the device's when none is given). */
export function formatClock(iso: string | Date, _language: string, timeZone?: string): string {
  return clockOf(wall(toDate(iso), timeZone));
}

/** formatRange is a timeframe, the date once when it starts and ends on one day ("Wed, 2 Dec 2026, 00:20 – 05:00"). */
export function formatRange(start: string | Date, end: string | Date, timeZone: string, language: string): string {
  const a = wall(toDate(start), timeZone);
  const b = wall(toDate(end), timeZone);
  const oneDay = a.year === b.year && a.month === b.month && a.day === b.day;
  return `${dateTimeOf(a, language)} – ${oneDay ? clockOf(b) : dateTimeOf(b, language)}`;
}

/** zoneName names the zone's offset at the instant ("UTC+2", "UTC+5:30"), to say which clock a time is on. */
export function zoneName(iso: string | Date, timeZone: string, _language?: string): string {
  return offsetOf(wall(toDate(iso), timeZone));
}

/**
 * formatCalendarDay names a calendar date ("YYYY-MM-DD", no zone) with its weekday
 * ("Fri, 27 Nov", "R, 27. nov"); the year only when it is not this one, so a list of
 * about two months of days fits a phone. This year is that of `today` (the station's
 * date, "YYYY-MM-DD"): in UTC it is still last year for the first hours of 1 January
 * in Tallinn. Without it, UTC's.
 */
export function formatCalendarDay(date: string, language: string, today?: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const thisYear = today ? Number(today.slice(0, 4)) : new Date().getUTCFullYear();
  const s = styleOf(language);
  const text = fill(s.dayOfWeek, {
    weekday: s.weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '',
    day: d,
    month: s.months[m - 1] ?? '',
  });
  return y === thisYear ? text : `${text} ${y}`;
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
  const at = toDate(iso);
  return wall(at, timeZone).offset !== wall(at, device).offset;
}

/** formatStationInstant is formatInstant with the zone's offset added where it differs from the device's. */
export function formatStationInstant(iso: string | Date, timeZone: string, language: string, device?: string): string {
  const text = formatInstant(iso, timeZone, language);
  return zoneDiffers(iso, timeZone, device) ? `${text} (${zoneName(iso, timeZone)})` : text;
}

/**
 * formatInZone shows an instant on a station's clock with its offset named
 * ("2 Dec 2026, 00:20 UTC+2"), so an operator in another zone reads the time the
 * customer and the station see; the product's clock for no zone, UTC (still named)
 * for a zone name Intl does not know, '—' for no instant.
 */
export function formatInZone(iso: string | undefined | null, language: string, timeZone: string): string {
  if (!iso) return '—';
  const at = toDate(iso);
  if (Number.isNaN(at.getTime())) return '—';
  let zone = timeZone || productZone;
  try {
    wall(at, zone);
  } catch {
    zone = 'UTC';
  }
  const w = wall(at, zone);
  return `${dateOf(w, language)}, ${clockOf(w)} ${offsetOf(w)}`;
}

/** formatWhen shows an instant that belongs to no station on the product's clock, zone named; '—' for none. */
export function formatWhen(iso: string | undefined | null, language: string): string {
  return formatInZone(iso, language, productZone);
}

/**
 * lastDay shows an exclusive end stored as the start of the next UTC day (a coupon's
 * valid-until) as the last day it covers: 2027-01-01T00:00Z is "31 Dec 2026", never
 * "1 Jan 2027, 02:00" on a clock east of UTC.
 */
export function lastDay(iso: string | undefined | null, language: string): string {
  if (!iso) return '—';
  const d = toDate(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return formatDate(new Date(d.getTime() - 1), 'UTC', language);
}
