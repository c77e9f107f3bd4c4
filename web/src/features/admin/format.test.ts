import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, formatWhen, splitSeconds, utcDay } from './format';

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
  });
});
