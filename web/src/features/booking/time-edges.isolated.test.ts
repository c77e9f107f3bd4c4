import { afterEach, describe, expect, it, vi } from 'vitest';
import { edges, isLastSundayOf, stationDay, stationZone } from '@/lib/test-dates';
import { formatCalendarDay } from '@/lib/format';
import { addDays, dayTimeframe, defaultTimeframe, durationMinutes, endIsOver, fromLocal, hoursFromNow, startsInPast, todayIn, toLocal } from './time';

// The booking screen's dates at the instants that break naive date code (issue 47), on a device in the
// station's zone, in UTC and far from both: Today, Tomorrow and the default day are the station's dates,
// a day lasts what it really lasts there, and today is over at 23:59 on the station's clock.
const deviceZones = ['UTC', stationZone, 'America/Los_Angeles', 'Pacific/Kiritimati'];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe.each(edges)('at $name ($at)', ({ at }) => {
  it.each(deviceZones)('on a device in %s', (zone) => {
    vi.stubEnv('TZ', zone); // the device's zone: Node reads TZ again when it changes
    vi.useFakeTimers({ now: Date.parse(at) });
    const now = new Date();
    const today = stationDay(now);
    const tomorrow = stationDay(now, 1);

    expect(todayIn(stationZone)).toBe(today);
    expect(dayTimeframe(addDays(todayIn(stationZone), 1))).toEqual({ start: `${tomorrow}T00:01`, end: `${tomorrow}T23:59` });
    // 23 h 58 min, an hour less on the spring DST Sunday and an hour more on the autumn one.
    const dst = isLastSundayOf(tomorrow, 3) ? -60 : isLastSundayOf(tomorrow, 10) ? 60 : 0;
    expect(durationMinutes(dayTimeframe(tomorrow), stationZone)).toBe(24 * 60 - 2 + dst);

    // Today until 23:59 at the station; from then on it is over and the screen starts on tomorrow.
    const over = toLocal(now, stationZone).slice(11) >= '23:59';
    expect(endIsOver(dayTimeframe(today), stationZone)).toBe(over);
    expect(defaultTimeframe(stationZone)).toEqual(dayTimeframe(over ? tomorrow : today));

    // "+2 hours" ends two real hours after the next whole minute, and the booking starts then, or now when its
    // start cannot be written (the hour the autumn change repeats): the server starts a past start now.
    const twoHours = hoursFromNow(2, stationZone);
    const nextMinute = Math.ceil((now.getTime() + 1) / 60_000) * 60_000;
    const start = fromLocal(twoHours.start, stationZone)!.getTime();
    expect(fromLocal(twoHours.end, stationZone)!.getTime()).toBe(nextMinute + 2 * 3_600_000);
    expect(start === nextMinute || (start < now.getTime() && startsInPast(twoHours, stationZone))).toBe(true);

    // The day list leaves out the station's year, not UTC's.
    expect(formatCalendarDay(tomorrow, 'en-US', today)).not.toContain(tomorrow.slice(0, 4));
  });
});
