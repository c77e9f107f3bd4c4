// The time an extension line adds; lib/format writes it as a length.

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
