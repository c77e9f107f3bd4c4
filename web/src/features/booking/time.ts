// Time-zone helpers for timeframes. A timeframe is entered and shown in the
// station's IANA zone, whatever zone the browser is in; the server accepts a local
// "YYYY-MM-DDTHH:mm" and reads it in the station's zone too (internal/station
// ParseInstant), so these helpers only need Intl — no date library in the bundle.

/** Default clock times of a booked day (spec §3). */
export const defaultStartClock = '00:01';
export const defaultEndClock = '23:59';

/** A wall-clock date and time in some zone: "YYYY-MM-DDTHH:mm". */
export type LocalDateTime = string;

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** zonedFields is the wall clock of instant in timeZone. */
function zonedFields(instant: Date, timeZone: string): Fields {
  const out: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 0,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** offsetMinutes is how far timeZone's wall clock is ahead of UTC at instant. */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const f = zonedFields(instant, timeZone);
  const asUTC = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUTC - whole) / 60000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** toLocal is instant's wall clock in timeZone as "YYYY-MM-DDTHH:mm". */
export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const f = zonedFields(instant, timeZone);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`;
}

/** isLocalDateTime checks the "YYYY-MM-DDTHH:mm" shape and that the date and time exist on a calendar. */
export function isLocalDateTime(s: string): s is LocalDateTime {
  const m = localPattern.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d && h < 24 && mi < 60;
}

/**
 * fromLocal is the instant a wall-clock time in timeZone names, with the server's
 * rules for the two DST edge cases (internal/station ParseInstant, which uses Go's
 * time.Date): a time skipped in spring moves forward by the gap (03:30 → 04:30 in
 * Tallinn), and a time that happens twice in autumn means its second, winter-time
 * occurrence. Returns null for a malformed value.
 */
export function fromLocal(local: string, timeZone: string): Date | null {
  if (!isLocalDateTime(local)) return null;
  const [y, mo, d, h, mi] = localPattern.exec(local)!.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const day = 24 * 60 * 60_000;
  // The offsets before and after any change near this day; zones change at most once a day.
  const before = offsetMinutes(new Date(guess - day), timeZone);
  const after = offsetMinutes(new Date(guess + day), timeZone);
  const candidates = [...new Set([guess - before * 60_000, guess - after * 60_000])]
    .filter((t) => toLocal(new Date(t), timeZone) === local)
    .sort((a, b) => b - a);
  if (candidates.length > 0) return new Date(candidates[0]!);
  // Skipped by a spring change: read it with the offset before the change.
  return new Date(guess - before * 60_000);
}

/** localDate is the "YYYY-MM-DD" part of a local date-time. */
export function localDate(local: LocalDateTime): string {
  return local.slice(0, 10);
}

/** localClock is the "HH:mm" part of a local date-time. */
export function localClock(local: LocalDateTime): string {
  return local.slice(11, 16);
}

/** joinLocal builds a local date-time from a "YYYY-MM-DD" date and an "HH:mm" clock. */
export function joinLocal(date: string, clock: string): LocalDateTime {
  return `${date}T${clock}`;
}

/** addDays moves a calendar date ("YYYY-MM-DD") by n days; no zone is involved. */
export function addDays(date: string, n: number): string {
  const m = datePattern.exec(date);
  if (!m) return date;
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** todayIn is the calendar date at the station right now. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDate(toLocal(now, timeZone));
}

export interface Timeframe {
  start: LocalDateTime;
  end: LocalDateTime;
}

/**
 * dayTimeframe is the default timeframe of a local calendar day: 00:01 to 23:59 in
 * the station's zone (spec §3). On a DST day it lasts 23 or 25 hours of real time.
 */
export function dayTimeframe(date: string): Timeframe {
  return { start: joinLocal(date, defaultStartClock), end: joinLocal(date, defaultEndClock) };
}

/**
 * defaultTimeframe is the day a booking starts on unless the user picks another:
 * today at the station, or tomorrow once today's 23:59 has passed there.
 */
export function defaultTimeframe(timeZone: string, now: Date = new Date()): Timeframe {
  const today = todayIn(timeZone, now);
  const local = toLocal(now, timeZone);
  return dayTimeframe(local >= joinLocal(today, defaultEndClock) ? addDays(today, 1) : today);
}

/**
 * hoursFromNow is the "+N hours" preset, computed when tapped: from the next whole
 * minute at the station (so the start is not already past when it is booked) to N
 * hours later.
 *
 * In the hour an autumn DST change repeats (03:00-03:59 summer time in Tallinn), a
 * wall-clock time means its second, winter-time occurrence (fromLocal, as the server
 * reads it), so a start then cannot be written as itself: it would start the booking
 * an hour late. It is written as the same time a shift earlier instead, which is past:
 * the screen says the booking starts now, and the server starts it now.
 */
export function hoursFromNow(hours: number, timeZone: string, now: Date = new Date()): Timeframe {
  const start = new Date(Math.ceil((now.getTime() + 1) / 60_000) * 60_000);
  const end = toLocal(new Date(start.getTime() + hours * 3_600_000), timeZone);
  const local = toLocal(start, timeZone);
  const readBack = fromLocal(local, timeZone)!.getTime();
  if (readBack === start.getTime()) return { start: local, end };
  return { start: toLocal(new Date(start.getTime() - (readBack - start.getTime())), timeZone), end };
}

/** startAfterEnd reports the 'Start After End' mistake: the end is not later than the start. */
export function startAfterEnd(tf: Timeframe, timeZone: string): boolean {
  const s = fromLocal(tf.start, timeZone);
  const e = fromLocal(tf.end, timeZone);
  return !!s && !!e && e.getTime() <= s.getTime();
}

/** durationMinutes is the real elapsed time of a timeframe (DST included), or 0 when invalid. */
export function durationMinutes(tf: Timeframe, timeZone: string): number {
  const s = fromLocal(tf.start, timeZone);
  const e = fromLocal(tf.end, timeZone);
  if (!s || !e) return 0;
  return Math.max(0, Math.round((e.getTime() - s.getTime()) / 60_000));
}

/** startsInPast: the server starts such a booking now instead (it clamps the start). */
export function startsInPast(tf: Timeframe, timeZone: string, now: Date = new Date()): boolean {
  const s = fromLocal(tf.start, timeZone);
  return !!s && s.getTime() < now.getTime();
}

/** endIsOver: a timeframe whose end has passed cannot be booked. */
export function endIsOver(tf: Timeframe, timeZone: string, now: Date = new Date()): boolean {
  const e = fromLocal(tf.end, timeZone);
  return !!e && e.getTime() <= now.getTime();
}

/** clockFrom reads a typed 24-hour time ("9:05", "0905", "21.30") as "HH:mm", or null. */
export function clockFrom(typed: string): string | null {
  const m = /^\s*(\d{1,2})\s*[:.]?\s*(\d{2})\s*$/.exec(typed);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}
