package station

import (
	"strings"
	"time"
)

// Default local times of a timeframe given by dates only (spec §3).
const (
	DefaultStartClock = "00:01"
	DefaultEndClock   = "23:59"
)

// ParseInstant reads a timeframe bound entered for a station in zone loc:
//   - an RFC 3339 instant with an offset ("2026-03-29T00:01:00+02:00", "...Z") is
//     taken as is;
//   - a local date and time without offset ("2026-03-29T00:01" or with seconds)
//     is a wall-clock time in the station's zone;
//   - a date alone ("2026-03-29") means 00:01 local for a start and 23:59 local
//     for an end.
//
// A wall-clock time that does not exist (skipped by the spring DST change) is
// moved forward by the gap, as time.Date does; an ambiguous autumn time (03:00-
// 03:59 on the last Sunday of October in Tallinn) means its second, winter-time
// occurrence, Go's choice, pinned by a test. The result is UTC and cut to the minute,
// because bookings are made in whole minutes.
func ParseInstant(s string, loc *time.Location, isEnd bool) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC().Truncate(time.Minute), true
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t.UTC().Truncate(time.Minute), true
		}
	}
	d, err := time.ParseInLocation(time.DateOnly, s, loc)
	if err != nil {
		return time.Time{}, false
	}
	clock := DefaultStartClock
	if isEnd {
		clock = DefaultEndClock
	}
	c, _ := time.Parse("15:04", clock)
	t := time.Date(d.Year(), d.Month(), d.Day(), c.Hour(), c.Minute(), 0, 0, loc)
	return t.UTC(), true
}

// DayFrame is the default timeframe of a local calendar day: 00:01 to 23:59 in loc.
func DayFrame(day time.Time, loc *time.Location) (start, end time.Time) {
	y, m, d := day.In(loc).Date()
	return time.Date(y, m, d, 0, 1, 0, 0, loc).UTC(), time.Date(y, m, d, 23, 59, 0, 0, loc).UTC()
}
