import { describe, expect, it } from 'vitest';
import fixtures from './fixtures.json';
import {
  formatCalendarDay,
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatInstant,
  formatInZone,
  formatMoney,
  formatRange,
  formatStationInstant,
  lastDay,
  productZone,
  zoneDiffers,
} from '.';

interface Fixture {
  kind: string;
  lang: string;
  instant?: string;
  end?: string;
  zone?: string;
  day?: string;
  today?: string;
  minutes?: number;
  cents?: number;
  want: string;
}

// Screens keep Intl's no-break spaces in money; the table writes plain ones, as texts do.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

function render(c: Fixture): string {
  const zone = c.zone || productZone;
  switch (c.kind) {
    case 'dateTime':
      return formatDateTime(c.instant!, zone, c.lang);
    case 'instant':
      return formatInstant(c.instant!, zone, c.lang);
    case 'date':
      return formatDate(c.instant!, zone, c.lang);
    case 'time':
      return formatClock(c.instant!, c.lang, zone);
    case 'zoned':
      return formatInZone(c.instant, c.lang, zone);
    case 'range':
      return formatRange(c.instant!, c.end!, zone, c.lang);
    case 'day':
      return formatCalendarDay(c.day!, c.lang, c.today);
    case 'duration':
      return formatDuration(c.minutes!, c.lang);
    case 'money':
      return plain(formatMoney(c.cents!, c.lang));
  }
  throw new Error(`unknown kind ${c.kind}`);
}

// Decision 170: the one table both formatters are tested against (internal/format reads it too).
describe('the shared table of texts', () => {
  const cases = fixtures.cases as Fixture[];
  it('covers every kind of text', () => {
    expect(new Set(cases.map((c) => c.kind)).size).toBe(9);
  });
  for (const c of cases) {
    it(`${c.kind} ${c.lang} ${c.instant ?? c.day ?? c.minutes ?? c.cents} ${c.zone ?? ''}`, () => {
      expect(render(c)).toBe(c.want);
    });
  }
});

describe('one formatter', () => {
  const at = '2026-11-28T19:05:00Z'; // 21:05 in Tallinn

  it('writes the 24-hour clock in both languages, never AM/PM', () => {
    expect(formatInstant(at, 'Europe/Tallinn', 'en-US')).toBe('28 Nov 2026, 21:05');
    expect(formatInstant(at, 'Europe/Tallinn', 'et')).toBe('28. nov 2026, 21:05');
  });

  it('names the station’s zone only where the device is on another clock', () => {
    expect(zoneDiffers(at, 'Europe/Tallinn', 'Europe/Tallinn')).toBe(false);
    expect(zoneDiffers(at, 'Europe/Tallinn', 'Europe/Helsinki')).toBe(false); // same offset
    expect(zoneDiffers(at, 'Europe/Tallinn', 'Europe/London')).toBe(true);
    expect(formatStationInstant(at, 'Europe/Tallinn', 'en-US', 'Europe/Helsinki')).toBe('28 Nov 2026, 21:05');
    expect(formatStationInstant(at, 'Europe/Tallinn', 'en-US', 'Europe/London')).toBe('28 Nov 2026, 21:05 (UTC+2)');
  });

  it('shows nothing known as a dash and an unknown zone on UTC, named', () => {
    expect(formatInZone(undefined, 'en', 'Europe/Tallinn')).toBe('—');
    expect(formatInZone('not a time', 'en', 'Europe/Tallinn')).toBe('—');
    expect(formatInZone(at, 'en', 'Mars/Olympus')).toBe('28 Nov 2026, 19:05 UTC');
  });

  it('shows an exclusive end of day as the last day it covers', () => {
    expect(lastDay('2027-01-01T00:00:00Z', 'en')).toBe('31 Dec 2026');
    expect(lastDay('2027-01-01T00:00:00Z', 'et')).toBe('31. dets 2026');
  });

  it('takes the default zone from the style file the server reads', () => {
    expect(productZone).toBe('Europe/Tallinn');
  });
});
