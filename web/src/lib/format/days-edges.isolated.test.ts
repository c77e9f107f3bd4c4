import { afterEach, describe, expect, it, vi } from 'vitest';
import { edges, stationDay, stationZone } from '@/lib/test-dates';
import { dayEnd, dayStart, productDay, productZone, utcDay } from '.';

// The back office's days at the instants that break naive date code (issue 47), on a device in UTC and far
// from it: the statistics' and filters' days are UTC's (docs/decisions/064-statistics-and-network.md), a file's
// date is the product's clock, and neither follows the device.

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe.each(edges)('at $name ($at)', ({ at }) => {
  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])('on a device in %s', (zone) => {
    vi.stubEnv('TZ', zone); // the device's zone: Node reads TZ again when it changes
    vi.useFakeTimers({ now: Date.parse(at) });
    const now = new Date();
    expect(productZone).toBe(stationZone);
    expect(productDay()).toBe(stationDay(now));
    expect(utcDay(0)).toBe(stationDay(now, 0, 'UTC'));
    expect(utcDay(-29)).toBe(stationDay(now, -29, 'UTC'));
    // A filter's "to" day is inclusive: it is sent as the next UTC day's start, across months and 29 February.
    const today = utcDay(0);
    expect(dayEnd(today)).toBe(`${stationDay(now, 1, 'UTC')}T00:00:00Z`);
    expect(dayStart(today)).toBe(`${today}T00:00:00Z`);
  });
});
