// A duration in the back office: only the units it has, one abbreviation style per language
// ("2 h", "1 d 13 h", "22 h 49 min"; Estonian "2 t", "1 p 13 t", "22 t 49 min"), never "0 d 4 h".
import type { TFunction } from '@/i18n';

/** durationText writes days, hours and minutes, leaving out the units that are zero (all zero: "0 min"). */
export function durationText(t: TFunction<'admin'>, parts: { days?: number; hours?: number; minutes?: number }): string {
  const out: string[] = [];
  if (parts.days) out.push(t('duration.days', { n: parts.days }));
  if (parts.hours) out.push(t('duration.hours', { n: parts.hours }));
  if (parts.minutes) out.push(t('duration.minutes', { n: parts.minutes }));
  return out.length ? out.join(' ') : t('duration.minutes', { n: 0 });
}

/**
 * startedHours is the time from one instant to another in started hours, split into days and
 * hours: an extension from 14:00 to 16:00 is "2 h" (the extension line's own period, not the
 * rental's new total its price is taken from). Null when either end is missing.
 */
export function startedHours(from: string, to: string): { days: number; hours: number } | null {
  const a = new Date(from).getTime();
  const b = new Date(to).getTime();
  if (!from || !to || Number.isNaN(a) || Number.isNaN(b) || b <= a) return null;
  const h = Math.ceil((b - a) / 3600000);
  return { days: Math.floor(h / 24), hours: h % 24 };
}
