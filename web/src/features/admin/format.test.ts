import { describe, expect, it } from 'vitest';
import { chargedTime, dayEnd, dayStart, formatInZone, formatNumber, formatPercent, formatWhen, lastDay, splitSeconds, utcDay } from './format';

describe('admin date helpers', () => {
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

  it('splits a time left into days, hours and minutes; an overdue one is none', () => {
    expect(splitSeconds(90061)).toEqual({ days: 1, hours: 1, minutes: 1 });
    expect(splitSeconds(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(splitSeconds(-30)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('shows no time as a dash', () => {
    expect(formatWhen('', 'en-US')).toBe('—');
    expect(formatWhen('garbage', 'et')).toBe('—');
    expect(formatWhen('2026-05-05T10:00:00Z', 'et')).toMatch(/2026/);
    // Whatever the device's zone, a time of no station is on the product's clock, labelled.
    expect(formatWhen('2026-12-31T22:01:00Z', 'en-US')).toMatch(/Jan 1, 2027, 00:01 (EET|GMT\+2)/);
    expect(formatInZone('2026-07-01T10:00:00Z', 'en-US', '')).toMatch(/13:00 (EEST|GMT\+3)/);
  });

  it('folds 24 started hours into a day: 3 d 23 h 58 min is charged as 4 days, never "3 d 24 h"', () => {
    expect(chargedTime(3, 24)).toEqual({ days: 4, hours: 0 });
    expect(chargedTime(0, 5)).toEqual({ days: 0, hours: 5 });
    expect(chargedTime(1, 25)).toEqual({ days: 2, hours: 1 });
  });

  it("shows an instant on the station's clock with the zone named, whatever the operator's zone", () => {
    // 22:01 UTC on 31 Dec is 00:01 on 1 Jan in Tallinn (EET, UTC+2).
    const en = formatInZone('2026-12-31T22:01:00Z', 'en-US', 'Europe/Tallinn');
    expect(en).toMatch(/Jan 1, 2027/);
    expect(en).toMatch(/00:01/);
    expect(en).toMatch(/EET|GMT\+2/);
    expect(formatInZone('2026-12-31T22:01:00Z', 'en-US', 'America/New_York')).toMatch(/Dec 31, 2026.*17:01/);
    expect(formatInZone('2026-06-01T10:00:00Z', 'en-US', 'No/Such_Zone')).toMatch(/UTC/);
    expect(formatInZone('', 'et', 'Europe/Tallinn')).toBe('—');
  });

  it('shows a coupon valid until 2026-12-31 as that day, never as "Jan 1, 2027, 02:00"', () => {
    expect(lastDay(dayEnd('2026-12-31'), 'en-US')).toBe('Dec 31, 2026');
    expect(lastDay(dayEnd('2026-12-31'), 'et')).toMatch(/31.*2026/);
    expect(lastDay('', 'en-US')).toBe('—');
  });

  it('writes figures and shares as each language does: "21.2%", "21,2 %"', () => {
    expect(formatPercent(21.23, 'en-US')).toBe('21.2%');
    expect(formatPercent(21.23, 'et')).toBe('21,2\u00a0%');
    expect(formatNumber(1234.5, 'et', 1)).toMatch(/^1\s?234,5$/);
    expect(formatNumber(2, 'en-US', 0)).toBe('2');
  });
});
