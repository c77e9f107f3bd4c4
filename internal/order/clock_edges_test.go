package order_test

import (
	"errors"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/clock/clocktest"
	"lockers/internal/station"
)

// At each instant that breaks naive date code, "today" and "tomorrow" are the
// station's dates: tomorrow is its next calendar day from 00:01 to 23:59 (23
// or 25 hours long on a DST Sunday), today runs from now (or 00:01) to its 23:59, and once
// 23:59 has come at the station today is over (the booking screen offers
// tomorrow then, web/src/features/booking/time.ts defaultTimeframe).
func TestTodayAndTomorrowAreTheStationsDatesAtEveryEdge(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		tz := clocktest.Tallinn
		for _, edge := range clocktest.Edges {
			e.clock.Set(edge.At)
			today, tomorrow := clocktest.Day(edge.At, tz, 0), clocktest.Day(edge.At, tz, 1)
			local := func(at time.Time) string { return at.In(tz).Format("2006-01-02T15:04") }

			in := input()
			in.Start, in.End = tomorrow, tomorrow
			o := e.create(e.user(), in)
			if local(o.Start) != tomorrow+"T00:01" || local(o.End) != tomorrow+"T23:59" {
				t.Fatalf("%s: tomorrow (%s) booked %s .. %s", edge, tomorrow, local(o.Start), local(o.End))
			}
			// The real length of the local day: 23 h 58 min, an hour less or more on a DST Sunday.
			next, _ := time.ParseInLocation(time.DateOnly, clocktest.Day(edge.At, tz, 2), tz)
			day, _ := time.ParseInLocation(time.DateOnly, tomorrow, tz)
			if want := next.Sub(day) - 2*time.Minute; o.End.Sub(o.Start) != want {
				t.Fatalf("%s: tomorrow lasts %v, want %v", edge, o.End.Sub(o.Start), want)
			}

			in.Start, in.End = today, today
			o, err := e.orders.Create(e.ctx, e.user(), in)
			if edge.At.In(tz).Format("15:04") >= station.DefaultEndClock {
				wantCode(t, err, apperr.BadInput) // the day is over at the station
				if ae, ok := errors.AsType[*apperr.Error](err); !ok || ae.Field != "end" {
					t.Fatalf("%s: today refused with %v, not about its end", edge, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: today (%s): %v", edge, today, err)
			}
			// From now, or from 00:01 in the minute after midnight.
			wantStart := edge.At.Truncate(time.Minute)
			if first, _ := time.ParseInLocation("2006-01-02T15:04", today+"T00:01", tz); first.After(wantStart) {
				wantStart = first
			}
			if !o.Start.Equal(wantStart) || local(o.End) != today+"T23:59" {
				t.Fatalf("%s: today (%s) booked %s .. %s", edge, today, local(o.Start), local(o.End))
			}
		}
		if e.overlaps() != 0 {
			t.Fatal("double booking")
		}
	})
}

// An extension to the next day's end across a DST change ends at 23:59 on the
// station's clock and is charged for the hours it really adds: 23 in spring
// (within a day's price), 25 in autumn (a day and a started hour).
func TestExtensionAcrossDSTChangesEndsAtTheLocalClock(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		tests := []struct {
			name, day, next string
			newEnd          string
			added           time.Duration
		}{
			{"spring", "2027-03-27", "2027-03-28", "2027-03-28T20:59:00Z", 23 * time.Hour},
			{"autumn", "2026-10-24", "2026-10-25", "2026-10-25T21:59:00Z", 25 * time.Hour},
		}
		var dayCents int64
		for _, tt := range tests {
			e.clock.Set(time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC))
			u := e.user()
			in := input()
			in.Start, in.End = tt.day, tt.day
			o := e.paid(u, e.oneLocker(u, in)) // no coupon: paid, so the extension waits for its charge
			l := o.Lockers[0]
			o, err := e.orders.Extend(e.ctx, u, o.ID, l.ID, tt.next)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			x := o.Extension
			if x == nil || x.NewEnd.UTC().Format(time.RFC3339) != tt.newEnd || x.NewEnd.Sub(l.End) != tt.added {
				t.Fatalf("%s: extension %+v from %v", tt.name, x, l.End)
			}
			if got := x.NewEnd.In(clocktest.Tallinn).Format("15:04"); got != station.DefaultEndClock {
				t.Fatalf("%s: ends at %s local", tt.name, got)
			}
			total, _ := o.Totals()
			switch tt.name {
			case "spring":
				dayCents = total // the day booked and the extension each cost one day's price
				if x.AmountCents != total {
					t.Fatalf("spring: 23 hours cost %d, a day %d", x.AmountCents, total)
				}
			case "autumn":
				if x.AmountCents <= dayCents {
					t.Fatalf("autumn: 25 hours cost %d, no more than a day (%d)", x.AmountCents, dayCents)
				}
			}
			o = e.paid(u, o)
			if o.End.UTC().Format(time.RFC3339) != tt.newEnd {
				t.Fatalf("%s: paid, the order ends %v", tt.name, o.End)
			}
		}
	})
}
