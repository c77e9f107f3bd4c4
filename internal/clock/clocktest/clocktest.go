// Package clocktest is what Go tests take dates from: the station's calendar
// (Day, never a UTC date), and the instants that break naive date code (Edges),
// for tests that run a rule at each of them on an injected clock (issue 47).
package clocktest

import (
	"fmt"
	"time"
)

// Tallinn is the demo stations' zone (internal/demo), the product's default.
var Tallinn = mustLoad("Europe/Tallinn")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(fmt.Sprintf("clocktest: zone %s: %v", name, err))
	}
	return loc
}

// Day is the calendar date ("2006-01-02") in loc n days after the one at at:
// calendar days, so that a DST day counts as one.
func Day(at time.Time, loc *time.Location, n int) string {
	return at.In(loc).AddDate(0, 0, n).Format(time.DateOnly)
}

// Edge is a named instant.
type Edge struct {
	Name string
	At   time.Time
}

func (e Edge) String() string { return e.Name }

// Edges are the instants where a date taken in UTC, a day taken as 24 hours or
// a month taken as 30 days goes wrong for a station in Tallinn: UTC's evening
// (already tomorrow there), the minute before and at local midnight, the DST
// changes (the night before each, the hour autumn repeats and the minute
// before the switch at 01:00 UTC), the ends of months and of a year, and 29 February.
var Edges = []Edge{
	{"22:30 UTC, 00:30 on the 1st in Tallinn", time.Date(2026, 11, 30, 22, 30, 0, 0, time.UTC)},
	{"23:59 UTC on New Year's Eve, 01:59 in Tallinn", time.Date(2026, 12, 31, 23, 59, 0, 0, time.UTC)},
	{"midnight in Tallinn in summer", time.Date(2026, 6, 30, 21, 0, 0, 0, time.UTC)},
	{"23:58 in Tallinn on the 31st", time.Date(2027, 1, 31, 21, 58, 0, 0, time.UTC)},
	{"23:59 in Tallinn on the 31st", time.Date(2026, 8, 31, 20, 59, 0, 0, time.UTC)},
	{"23:59 in Tallinn before the spring DST change", time.Date(2027, 3, 27, 21, 59, 0, 0, time.UTC)},
	{"a minute before the spring DST change", time.Date(2027, 3, 28, 0, 59, 0, 0, time.UTC)},
	{"23:59 in Tallinn before the autumn DST change", time.Date(2026, 10, 24, 20, 59, 0, 0, time.UTC)},
	{"in the hour the autumn DST change repeats", time.Date(2026, 10, 25, 0, 30, 0, 0, time.UTC)},
	{"a minute before the autumn DST change", time.Date(2026, 10, 25, 0, 59, 0, 0, time.UTC)},
	{"23:59 in Tallinn on 28 February of a leap year", time.Date(2028, 2, 28, 21, 59, 0, 0, time.UTC)},
	{"23:30 in Tallinn on 29 February", time.Date(2028, 2, 29, 21, 30, 0, 0, time.UTC)},
}
