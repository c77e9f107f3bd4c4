// Money and date formatting with Intl only. Amounts arrive as integer euro cents,
// instants as RFC 3339 UTC strings shown in the station's zone.

import { intlLocale } from '@/lib/money';

// The money helpers live in lib (payments and invoices show prices too); booking's
// screens keep importing them from here.
export { formatMoney, intlLocale } from '@/lib/money';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, timeZone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(opts)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, ...opts });
    dateFormats.set(key, f);
  }
  return f;
}

const dateTimeOpts: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** formatDateTime shows an instant as date and 24-hour time in the station's zone. */
export function formatDateTime(iso: string | Date, timeZone: string, language: string): string {
  return dateFormat(intlLocale(language), timeZone, dateTimeOpts).format(new Date(iso));
}

/** formatDate shows the calendar date of an instant in the station's zone. */
export function formatDate(iso: string | Date, timeZone: string, language: string): string {
  return dateFormat(intlLocale(language), timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
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

/** formatDuration splits minutes into days and hours for the price lines, e.g. {days: 1, hours: 3}. */
export function splitDuration(minutes: number): { days: number; hours: number; minutes: number } {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return { days, hours, minutes: minutes % 60 };
}

/** formatMillimetres shows dimensions "H × W × D" in centimetres, as people measure parcels. */
export function formatDimensions(d: { height: number; width: number; depth: number }, language: string): string {
  const f = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });
  return `${f.format(d.height / 10)} × ${f.format(d.width / 10)} × ${f.format(d.depth / 10)} cm`;
}
