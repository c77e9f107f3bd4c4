package order_test

import (
	"testing"
	"time"

	"lockers/internal/station"
)

// Bookings over the Tallinn DST changes keep their local 00:01 and 23:59 and
// pay for the hours they really last.
func TestBookingsAcrossDSTChangesInTallinn(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		loc, err := time.LoadLocation("Europe/Tallinn")
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name       string
			now        time.Time
			day        string
			start, end string
			cents      int64 // small neutral: 100 an hour, 500 a day
		}{
			// 23 h day: 22h58m → 23 started hours, capped at one day.
			{"spring", time.Date(2026, 3, 27, 9, 0, 0, 0, time.UTC), "2026-03-29", "2026-03-28T22:01:00Z", "2026-03-29T20:59:00Z", 500},
			// 25 h day: 24h58m → one day and one started hour.
			{"autumn", time.Date(2026, 10, 23, 9, 0, 0, 0, time.UTC), "2026-10-25", "2026-10-24T21:01:00Z", "2026-10-25T21:59:00Z", 600},
		}
		for _, tt := range tests {
			e.clock.Set(tt.now)
			in := input()
			in.Start, in.End = tt.day, tt.day
			o := e.create(e.user(), in)
			if o.Start.Format(time.RFC3339) != tt.start || o.End.Format(time.RFC3339) != tt.end {
				t.Fatalf("%s: stored %v .. %v, want %s .. %s", tt.name, o.Start, o.End, tt.start, tt.end)
			}
			got, err := e.orders.Get(e.ctx, o.UserID, o.ID)
			if err != nil {
				t.Fatal(err)
			}
			if s, en := got.Start.In(loc).Format("15:04"), got.End.In(loc).Format("15:04"); s != station.DefaultStartClock || en != station.DefaultEndClock {
				t.Fatalf("%s: shown as %s-%s local", tt.name, s, en)
			}
			if total, _ := got.Totals(); total != tt.cents {
				t.Fatalf("%s: price %d, want %d", tt.name, total, tt.cents)
			}
			// The next local day does not collide with the DST day's booking.
			next := input()
			d, _ := time.Parse(time.DateOnly, tt.day)
			next.Start = d.AddDate(0, 0, 1).Format(time.DateOnly)
			next.End = next.Start
			next.Count = 3
			e.create(e.user(), next)
		}
		if e.overlaps() != 0 {
			t.Fatal("double booking")
		}
	})
}
