import type { AdminStatsRow } from '@/api/generated/app-router';
import { dayIn } from '@/lib/format';
import type { ChartPoint } from './statistics-charts';

/**
 * aggregate turns the API's rows (one per period, or per period and station) into
 * one chart point per period: bookings, revenue and locker-hours add up; occupancy and
 * average rental length are weighted (by compartment capacity and by bookings), so a
 * small station does not count as much as a big one.
 */
export function aggregate(rows: AdminStatsRow[], periods: string[] = []): ChartPoint[] {
  const byPeriod = new Map<string, { bookings: number; revenueCents: number; hours: number; capacity: number; rentalHours: number }>();
  for (const r of rows) {
    const p = byPeriod.get(r.period) ?? { bookings: 0, revenueCents: 0, hours: 0, capacity: 0, rentalHours: 0 };
    p.bookings += r.bookings;
    p.revenueCents += r.revenueCents;
    p.hours += r.bookedLockerHours;
    // occupancy = booked hours / capacity hours, so capacity = booked / occupancy.
    if (r.occupancyPct > 0) p.capacity += r.bookedLockerHours / (r.occupancyPct / 100);
    p.rentalHours += r.avgRentalHours * r.bookings;
    byPeriod.set(r.period, p);
  }
  // A period without rows (the API lists only periods with figures) is drawn as zero, so the time axis is true.
  for (const period of periods) if (!byPeriod.has(period)) byPeriod.set(period, { bookings: 0, revenueCents: 0, hours: 0, capacity: 0, rentalHours: 0 });
  return [...byPeriod.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, p]) => ({
      period,
      bookings: p.bookings,
      revenue: p.revenueCents / 100,
      occupancy: p.capacity > 0 ? (p.hours / p.capacity) * 100 : 0,
      avgHours: p.bookings > 0 ? p.rentalHours / p.bookings : 0,
    }));
}

/**
 * periodsBetween names every period from the UTC day `from` to the UTC day `to`
 * (both YYYY-MM-DD, inclusive) as the API names them: a day "2026-06-01", a week by
 * its Monday, a month "2026-06". At most 800, a bound on a two-year daily query.
 */
export function periodsBetween(from: string, to: string, period: 'day' | 'week' | 'month'): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return [];
  const out: string[] = [];
  const d = new Date(start);
  if (period === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (period === 'month') d.setUTCDate(1);
  while (d <= end && out.length < 800) {
    const date = dayIn('UTC', d);
    out.push(period === 'month' ? date.slice(0, 7) : date);
    if (period === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (period === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}
