import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, formatCharged, formatInZone, formatNumber, formatPercent, formatSecondsLeft, formatWhen, lastDay, utcDay } from '.';

describe('the back office’s dates, durations and figures', () => {
  it('turns a date field into the start of its UTC day and the (exclusive) start of the next', () => {
    expect(dayStart('2026-05-05')).toBe('2026-05-05T00:00:00Z');
    expect(dayEnd('2026-05-05')).toBe('2026-05-06T00:00:00Z');
    expect(dayEnd('2026-12-31')).toBe('2027-01-01T00:00:00Z');
    expect(dayStart('')).toBe('');
    expect(dayEnd('')).toBe('');
    expect(dayEnd('not a date')).toBe('');
  });

  it('counts UTC days from now', () => {
    const now = new Date('2026-03-01T23:30:00Z');
    expect(utcDay(0, now)).toBe('2026-03-01');
    expect(utcDay(-1, now)).toBe('2026-02-28');
  });

  it('words a time left in days, hours and minutes, one unit style per language; an overdue one is none', () => {
    expect(formatSecondsLeft(90061, 'en')).toBe('1 day 1 hour 1 minute');
    expect(formatSecondsLeft(82140, 'et')).toBe('22 tundi 49 minutit');
    expect(formatSecondsLeft(133200, 'et')).toBe('1 päev 13 tundi');
    expect(formatSecondsLeft(59, 'en')).toBe('0 minutes');
    expect(formatSecondsLeft(-30, 'et')).toBe('0 minutit');
  });

  it('shows no time as a dash', () => {
    expect(formatWhen('', 'en-US')).toBe('—');
    expect(formatWhen('garbage', 'et')).toBe('—');
    expect(formatWhen('2026-05-05T10:00:00Z', 'et')).toMatch(/2026/);
    // Whatever the device's zone, a time of no station is on the product's clock, labelled.
    expect(formatWhen('2026-12-31T22:01:00Z', 'en-US')).toBe('1 Jan 2027, 00:01 UTC+2');
    expect(formatInZone('2026-07-01T10:00:00Z', 'en-US', '')).toBe('1 Jul 2026, 13:00 UTC+3');
  });

  it('folds 24 started hours into a day: 3 d 23 h 58 min is charged as 4 days, never "3 days 24 hours"', () => {
    expect(formatCharged(3, 24, 'en')).toBe('4 days');
    expect(formatCharged(0, 5, 'et')).toBe('5 tundi');
    expect(formatCharged(1, 25, 'en')).toBe('2 days 1 hour');
    expect(formatCharged(0, 2, 'et')).toBe('2 tundi');
  });

  it("shows an instant on the station's clock with the zone named, whatever the operator's zone", () => {
    // 22:01 UTC on 31 Dec is 00:01 on 1 Jan in Tallinn (EET, UTC+2).
    expect(formatInZone('2026-12-31T22:01:00Z', 'en-US', 'Europe/Tallinn')).toBe('1 Jan 2027, 00:01 UTC+2');
    expect(formatInZone('2026-12-31T22:01:00Z', 'et', 'Europe/Tallinn')).toBe('1. jaan 2027, 00:01 UTC+2');
    expect(formatInZone('2026-12-31T22:01:00Z', 'en-US', 'America/New_York')).toBe('31 Dec 2026, 17:01 UTC-5');
    expect(formatInZone('2026-06-01T10:00:00Z', 'en-US', 'No/Such_Zone')).toBe('1 Jun 2026, 10:00 UTC');
    expect(formatInZone('', 'et', 'Europe/Tallinn')).toBe('—');
  });

  it('shows a coupon valid until 2026-12-31 as that day, never as "Jan 1, 2027, 02:00"', () => {
    expect(lastDay(dayEnd('2026-12-31'), 'en-US')).toBe('31 Dec 2026');
    expect(lastDay(dayEnd('2026-12-31'), 'et')).toBe('31. dets 2026');
    expect(lastDay('', 'en-US')).toBe('—');
  });

  it('writes figures and shares as each language does: "21.2%", "21,2 %"', () => {
    expect(formatPercent(21.23, 'en-US')).toBe('21.2%');
    expect(formatPercent(21.23, 'et')).toBe('21,2\u00a0%');
    expect(formatNumber(1234.5, 'et', 1)).toMatch(/^1\s?234,5$/);
    expect(formatNumber(2, 'en-US', 0)).toBe('2');
  });
});
