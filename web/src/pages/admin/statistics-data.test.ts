import { describe, expect, it } from 'vitest';
import type { AdminStatsRow } from '@/api/generated/app-router';
import { aggregate, periodsBetween } from './statistics-data';

const row = (period: string, station: string, bookings: number, revenueCents: number, hours: number, occupancyPct: number, avg: number): AdminStatsRow => ({
  period,
  stationUuid: station,
  bookings,
  revenueCents,
  bookedLockerHours: hours,
  occupancyPct,
  avgRentalHours: avg,
});

describe('aggregate', () => {
  it('adds per-station rows into one point per period, weighting occupancy by capacity and rental length by bookings', () => {
    // Station a: 10 of 100 capacity hours (10 %); b: 90 of 300 (30 %): together 100 of 400 = 25 %.
    const points = aggregate([row('2026-05-02', 'a', 1, 500, 10, 10, 10), row('2026-05-01', 'a', 2, 1000, 10, 10, 4), row('2026-05-02', 'b', 3, 1500, 90, 30, 30)]);
    expect(points.map((p) => p.period)).toEqual(['2026-05-01', '2026-05-02']);
    const day2 = points[1]!;
    expect(day2.bookings).toBe(4);
    expect(day2.revenue).toBe(20);
    expect(day2.occupancy).toBeCloseTo(25);
    expect(day2.avgHours).toBeCloseTo((10 + 3 * 30) / 4);
  });

  it('keeps a period without bookings at zero', () => {
    expect(aggregate([row('2026-05-01', '', 0, 0, 0, 0, 0)])).toEqual([{ period: '2026-05-01', bookings: 0, revenue: 0, occupancy: 0, avgHours: 0 }]);
  });
});

describe('periodsBetween', () => {
  it('names every day, week (by its Monday) and month of a range as the API does', () => {
    expect(periodsBetween('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    // 2026-03-04 is a Wednesday: its week starts on Monday 2 March.
    expect(periodsBetween('2026-03-04', '2026-03-16', 'week')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(periodsBetween('2025-11-30', '2026-02-01', 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(periodsBetween('bad', '2026-01-01', 'day')).toEqual([]);
  });

  it('counts across 29 February, the change of year and from the 31st by calendar (issue 47)', () => {
    expect(periodsBetween('2028-02-27', '2028-03-01', 'day')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(periodsBetween('2026-12-31', '2027-01-12', 'week')).toEqual(['2026-12-28', '2027-01-04', '2027-01-11']);
    // From the 31st a month is the next calendar month, not 30 days later.
    expect(periodsBetween('2027-01-31', '2027-03-31', 'month')).toEqual(['2027-01', '2027-02', '2027-03']);
  });

  it('fills the periods without figures with zero', () => {
    const points = aggregate([row('2026-05-02', '', 2, 1000, 10, 10, 5)], periodsBetween('2026-05-01', '2026-05-03', 'day'));
    expect(points.map((p) => [p.period, p.bookings])).toEqual([
      ['2026-05-01', 0],
      ['2026-05-02', 2],
      ['2026-05-03', 0],
    ]);
  });
});
