import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDimensions, formatMoney, formatRange, intlLocale, splitDuration } from '.';

// Intl may use a narrow no-break space; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('shows integer cents as euros in English', () => {
    expect(formatMoney(1250, 'en-US')).toBe('€12.50');
    expect(formatMoney(0, 'en-US')).toBe('€0.00');
    expect(formatMoney(5, 'en-US')).toBe('€0.05');
    expect(formatMoney(123456, 'en-US')).toBe('€1,234.56');
  });

  it('shows euros the Estonian way', () => {
    expect(plain(formatMoney(1250, 'et'))).toBe('12,50 €');
    // Estonian groups thousands only from five digits on (CLDR minimum grouping).
    expect(plain(formatMoney(123456, 'et'))).toBe('1234,56 €');
    expect(plain(formatMoney(1234567, 'et'))).toBe('12 345,67 €');
  });

  it('keeps the sign of a discount line', () => {
    expect(formatMoney(-700, 'en-US')).toBe('-€7.00');
    expect(plain(formatMoney(-700, 'et')).replace('\u2212', '-')).toBe('-7,00 €');
  });
});

describe('dates in the station zone', () => {
  it('maps the app language to an Intl locale', () => {
    expect(intlLocale('et')).toBe('et-EE');
    expect(intlLocale('en-US')).toBe('en-US');
  });

  it('shows the station wall clock in 24-hour time', () => {
    const s = plain(formatDateTime('2026-11-23T22:01:00Z', 'Europe/Tallinn', 'en-US'));
    expect(s).toBe('Tue, 24 Nov 2026, 00:01');
    expect(s).toContain('00:01');
    expect(formatDateTime('2026-07-15T20:59:00Z', 'Europe/Tallinn', 'et')).toBe('K, 15. juuli 2026, 23:59');
  });

  it('formats a one-day range without repeating the date', () => {
    expect(formatRange('2026-11-23T22:01:00Z', '2026-11-24T21:59:00Z', 'Europe/Tallinn', 'en-US')).toBe('Tue, 24 Nov 2026, 00:01 – 23:59');
  });

  it('splits durations and shows dimensions in centimetres', () => {
    expect(splitDuration(24 * 60 + 58)).toEqual({ days: 1, hours: 0, minutes: 58 });
    expect(formatDimensions({ height: 400, width: 455, depth: 600 }, 'en-US')).toBe('40 × 45.5 × 60 cm');
    expect(formatDimensions({ height: 400, width: 455, depth: 600 }, 'et')).toBe('40 × 45,5 × 60 cm');
  });
});
