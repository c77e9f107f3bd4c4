// Lengths of time in words, one style per language on every screen (decision 170):
// "1 day 13 hours", "22 tundi 49 minutit" — the units from style.json, as the
// server's e-mails and PDFs write them (internal/format.Duration).
import { styleOf } from './style';

/** splitDuration splits minutes into days, hours and minutes, e.g. {days: 1, hours: 3, minutes: 0}. */
export function splitDuration(minutes: number): { days: number; hours: number; minutes: number } {
  const m = Math.max(0, Math.floor(minutes));
  return { days: Math.floor(m / 1440), hours: Math.floor((m % 1440) / 60), minutes: m % 60 };
}

function count(language: string, unit: 'day' | 'hour' | 'minute', n: number): string {
  const [one, many] = styleOf(language).units[unit];
  return `${n} ${n === 1 ? one : many}`;
}

/** formatDuration writes whole minutes as days, hours and minutes; a part that is 0 is left out ("0 minutes" for none). */
export function formatDuration(minutes: number, language: string): string {
  const d = splitDuration(minutes);
  const parts: string[] = [];
  if (d.days) parts.push(count(language, 'day', d.days));
  if (d.hours) parts.push(count(language, 'hour', d.hours));
  if (d.minutes || parts.length === 0) parts.push(count(language, 'minute', d.minutes));
  return parts.join(' ');
}

/**
 * formatCharged words a price line's charged days and started hours. The server charges a
 * rental of 3 d 23 h 58 min as 3 days and 24 started hours (capped at a day's price), which
 * people read as 4 days, not "3 days 24 hours".
 */
export function formatCharged(days: number, hours: number, language: string): string {
  return formatDuration((days + Math.floor(hours / 24)) * 1440 + (hours % 24) * 60, language);
}

/** formatSecondsLeft words a time left to the minute (a negative time counts as none). */
export function formatSecondsLeft(secs: number, language: string): string {
  return formatDuration(Math.floor(Math.max(0, secs) / 60), language);
}
