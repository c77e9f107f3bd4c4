// The names and patterns of each language's dates, times and durations, and the
// product's default zone: style.json, which the server's formatter reads too
// (internal/format, through lockers/web), so a screen and an e-mail agree.
import styleFile from './style.json';

export interface LanguageStyle {
  months: string[];
  /** Sunday first, as Date#getUTCDay counts. */
  weekdays: string[];
  date: string;
  dayOfWeek: string;
  units: Record<'day' | 'hour' | 'minute', [one: string, many: string]>;
}

const languages = styleFile.languages as Record<'en' | 'et', LanguageStyle>;

/**
 * productZone is the product's default zone: the clock of a station without one
 * (the server's station.Location falls back to it) and of the records that belong to
 * no station (the audit, the server log, an account's dates).
 */
export const productZone: string = styleFile.defaultZone;

/** styleOf is the language's style; any language but Estonian is written as English. */
export function styleOf(language: string): LanguageStyle {
  return language.toLowerCase().startsWith('et') ? languages.et : languages.en;
}

/** fill puts values into a pattern's {placeholders}. */
export function fill(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}
