import { describe, expect, it } from 'vitest';
import {
  clockFrom,
  addDays,
  dayTimeframe,
  defaultTimeframe,
  durationMinutes,
  endIsOver,
  fromLocal,
  hoursFromNow,
  isLocalDateTime,
  offsetMinutes,
  startAfterEnd,
  startsInPast,
  toLocal,
  todayIn,
} from './time';

const tallinn = 'Europe/Tallinn';

describe('fromLocal / toLocal in Europe/Tallinn', () => {
  it('reads winter and summer wall clocks with their offsets', () => {
    expect(fromLocal('2026-01-15T00:01', tallinn)?.toISOString()).toBe('2026-01-14T22:01:00.000Z');
    expect(fromLocal('2026-07-15T23:59', tallinn)?.toISOString()).toBe('2026-07-15T20:59:00.000Z');
    expect(toLocal(new Date('2026-07-15T20:59:00Z'), tallinn)).toBe('2026-07-15T23:59');
  });

  it('keeps 00:01 and 23:59 on the spring change day (29 March 2026, 23 hours long)', () => {
    const tf = dayTimeframe('2026-03-29');
    expect(fromLocal(tf.start, tallinn)?.toISOString()).toBe('2026-03-28T22:01:00.000Z');
    expect(fromLocal(tf.end, tallinn)?.toISOString()).toBe('2026-03-29T20:59:00.000Z');
    expect(durationMinutes(tf, tallinn)).toBe(22 * 60 + 58);
  });

  it('keeps 00:01 and 23:59 on the autumn change day (25 October 2026, 25 hours long)', () => {
    const tf = dayTimeframe('2026-10-25');
    expect(fromLocal(tf.start, tallinn)?.toISOString()).toBe('2026-10-24T21:01:00.000Z');
    expect(fromLocal(tf.end, tallinn)?.toISOString()).toBe('2026-10-25T21:59:00.000Z');
    expect(durationMinutes(tf, tallinn)).toBe(24 * 60 + 58);
  });

  it('moves a time skipped in spring forward by the gap, as the server does', () => {
    // 03:00 → 04:00 on 29 March 2026: 03:30 does not exist and means 04:30 EEST.
    const t = fromLocal('2026-03-29T03:30', tallinn);
    expect(t?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(toLocal(t!, tallinn)).toBe('2026-03-29T04:30');
  });

  it('reads a time repeated in autumn as its second, winter-time occurrence', () => {
    // 04:00 EEST → 03:00 EET on 25 October 2026: 03:30 happens twice.
    expect(fromLocal('2026-10-25T03:30', tallinn)?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(offsetMinutes(new Date('2026-10-25T00:30:00Z'), tallinn)).toBe(180);
    expect(offsetMinutes(new Date('2026-10-25T01:30:00Z'), tallinn)).toBe(120);
  });

  it('does not depend on the browser zone: other station zones work the same way', () => {
    expect(fromLocal('2026-06-01T12:00', 'America/New_York')?.toISOString()).toBe('2026-06-01T16:00:00.000Z');
    expect(fromLocal('2026-06-01T12:00', 'UTC')?.toISOString()).toBe('2026-06-01T12:00:00.000Z');
  });

  it('rejects malformed and impossible values', () => {
    expect(fromLocal('2026-02-30T10:00', tallinn)).toBeNull();
    expect(fromLocal('2026-02-01 10:00', tallinn)).toBeNull();
    expect(fromLocal('2026-02-01T24:00', tallinn)).toBeNull();
    expect(isLocalDateTime('2028-02-29T10:00')).toBe(true);
    expect(isLocalDateTime('2027-02-29T10:00')).toBe(false);
  });
});

describe('default timeframe', () => {
  it('is today 00:01–23:59 at the station', () => {
    expect(defaultTimeframe(tallinn, new Date('2026-11-23T10:00:00Z'))).toEqual({
      start: '2026-11-23T00:01',
      end: '2026-11-23T23:59',
    });
  });

  it('uses the station date, not the UTC date', () => {
    // 22:30 UTC on the 23rd is already 00:30 on the 24th in Tallinn.
    expect(todayIn(tallinn, new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-24');
    expect(defaultTimeframe(tallinn, new Date('2026-11-23T22:30:00Z')).start).toBe('2026-11-24T00:01');
  });

  it('moves to tomorrow once 23:59 has passed', () => {
    expect(defaultTimeframe(tallinn, new Date('2026-11-23T21:59:30Z')).start).toBe('2026-11-24T00:01');
  });

  it('adds calendar days across month, year and DST ends', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('timeframe checks', () => {
  it("flags 'Start After End' when the end is not later than the start", () => {
    expect(startAfterEnd({ start: '2026-11-24T10:00', end: '2026-11-24T09:59' }, tallinn)).toBe(true);
    expect(startAfterEnd({ start: '2026-11-24T10:00', end: '2026-11-24T10:00' }, tallinn)).toBe(true);
    expect(startAfterEnd({ start: '2026-11-24T10:00', end: '2026-11-24T10:01' }, tallinn)).toBe(false);
  });

  it('compares the autumn repeated hour by real time', () => {
    // 03:30 (second occurrence) ends after 03:10 (also second): fine.
    expect(startAfterEnd({ start: '2026-10-25T03:10', end: '2026-10-25T03:30' }, tallinn)).toBe(false);
  });

  it('knows a start in the past and an end that is over', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(startsInPast(dayTimeframe('2026-11-24'), tallinn, now)).toBe(true);
    expect(endIsOver(dayTimeframe('2026-11-24'), tallinn, now)).toBe(false);
    expect(endIsOver(dayTimeframe('2026-11-23'), tallinn, now)).toBe(true);
  });
});

describe('clockFrom', () => {
  it('reads a typed 24-hour time in the ways people type it', () => {
    expect(clockFrom('10:15')).toBe('10:15');
    expect(clockFrom('1015')).toBe('10:15');
    expect(clockFrom('9:05')).toBe('09:05');
    expect(clockFrom('21.30')).toBe('21:30');
    expect(clockFrom('0:00')).toBe('00:00');
  });
  it('refuses what is not a time of day', () => {
    for (const bad of ['', '24:00', '12:60', '7', '10:1', '10 am', '1:2:3']) expect(clockFrom(bad)).toBeNull();
  });
});

describe('hoursFromNow (the "+N hours" presets)', () => {
  it('starts at the next whole minute at the station, never in the past, and lasts N hours', () => {
    const now = new Date('2026-11-27T19:42:30.500Z'); // 21:42:30 in Tallinn
    const tf = hoursFromNow(2, tallinn, now);
    expect(tf).toEqual({ start: '2026-11-27T21:43', end: '2026-11-27T23:43' });
    expect(startsInPast(tf, tallinn, now)).toBe(false);
    expect(durationMinutes(tf, tallinn)).toBe(120);
  });

  it('moves on to the next minute on a whole minute too, and crosses midnight', () => {
    expect(hoursFromNow(4, tallinn, new Date('2026-11-27T21:30:00.000Z'))).toEqual({ start: '2026-11-27T23:31', end: '2026-11-28T03:31' });
  });

  it('is computed from the time it is given, so a later tap starts later', () => {
    const first = hoursFromNow(1, tallinn, new Date('2026-11-27T10:00:10Z'));
    const later = hoursFromNow(1, tallinn, new Date('2026-11-27T10:05:10Z'));
    expect(first.start).toBe('2026-11-27T12:01');
    expect(later.start).toBe('2026-11-27T12:06');
  });
});
