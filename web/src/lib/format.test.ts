import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatClock, formatInstant, formatStationInstant, zoneDiffers } from './format';

// Intl may use a narrow no-break space; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const at = '2026-11-28T19:05:00Z'; // 21:05 in Tallinn

// Issue 28: one clock on every screen, 24-hour in both languages.
describe('one formatter', () => {
  it('writes an instant on the 24-hour clock in both languages, in the zone asked', () => {
    expect(plain(formatInstant(at, 'Europe/Tallinn', 'en-US'))).toBe('Nov 28, 2026, 21:05');
    expect(plain(formatInstant(at, 'Europe/Tallinn', 'et'))).toBe('28. nov 2026, 21:05');
    expect(formatClock(at, 'en-US', 'Europe/Tallinn')).toBe('21:05');
    expect(formatInstant(at, 'Europe/Tallinn', 'en-US')).not.toMatch(/AM|PM/);
  });

  it('names the station’s zone only where the device is on another clock', () => {
    expect(zoneDiffers(at, 'Europe/Tallinn', 'Europe/Tallinn')).toBe(false);
    expect(zoneDiffers(at, 'Europe/Tallinn', 'Europe/Helsinki')).toBe(false); // same offset
    expect(zoneDiffers(at, 'Europe/Tallinn', 'Europe/London')).toBe(true);
    expect(plain(formatStationInstant(at, 'Europe/Tallinn', 'en-US', 'Europe/Helsinki'))).toBe('Nov 28, 2026, 21:05');
    expect(plain(formatStationInstant(at, 'Europe/Tallinn', 'en-US', 'Europe/London'))).toMatch(/^Nov 28, 2026, 21:05 \((EET|GMT\+2)\)$/);
  });

  it('names a calendar day whatever the device’s zone, with the year only when it is not this one', () => {
    const year = new Date().getUTCFullYear();
    expect(plain(formatCalendarDay(`${year}-11-27`, 'et'))).toMatch(/^[A-Z], 27\. nov$/);
    expect(plain(formatCalendarDay(`${year}-11-27`, 'en-US'))).toMatch(/^[A-Z][a-z]{2}, Nov 27$/);
    expect(plain(formatCalendarDay(`${year + 1}-01-02`, 'en-US'))).toContain(String(year + 1));
  });
});
