import type { BookingT } from './labels';
import { splitDuration } from './format';

/** durationText words minutes as "1 day 3 hours"; minutes only show below an hour's precision. */
export function durationText(t: BookingT, minutes: number): string {
  const d = splitDuration(minutes);
  const parts: string[] = [];
  if (d.days) parts.push(t('timeframe.days', { count: d.days }));
  if (d.hours) parts.push(t('timeframe.hours', { count: d.hours }));
  if (d.minutes || parts.length === 0) parts.push(t('timeframe.minutes', { count: d.minutes }));
  return parts.join(' ');
}

/**
 * lineDuration words a price line's charged days and started hours. The server
 * counts a just-under-a-day rental as 24 started hours (capped at the daily
 * price); people read that as one day.
 */
export function lineDuration(t: BookingT, rawDays: number, rawHours: number): string {
  const days = rawDays + Math.floor(rawHours / 24);
  const hours = rawHours % 24;
  const parts: string[] = [];
  if (days) parts.push(t('timeframe.days', { count: days }));
  if (hours || parts.length === 0) parts.push(t('timeframe.hours', { count: hours }));
  return parts.join(' ');
}
