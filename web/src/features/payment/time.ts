import { intlLocale } from '@/lib/money';

const formats = new Map<string, Intl.DateTimeFormat>();

/** formatInstant shows an instant as date and 24-hour time in the station's zone. */
export function formatInstant(iso: string, timeZone: string, language: string): string {
  const locale = intlLocale(language);
  const key = `${locale}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(key, f);
  }
  return f.format(new Date(iso));
}
