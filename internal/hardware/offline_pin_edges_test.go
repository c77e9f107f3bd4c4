package hardware

import (
	"testing"
	"time"

	"lockers/internal/clock/clocktest"
	"lockers/internal/station"
)

// An offline PIN for a booked local day (00:01-23:59 at the station) opens
// through the whole of that day as it really is, 23 or 25 hours on a DST
// Sunday (both occurrences of the hour autumn repeats included), and not a
// minute outside it: the window is two instants, never a UTC date.
func TestOfflinePINCoversTheStationsDayAtTheEdges(t *testing.T) {
	secret := []byte("station secret")
	tz := clocktest.Tallinn
	for _, edge := range clocktest.Edges {
		day, _ := time.ParseInLocation(time.DateOnly, clocktest.Day(edge.At, tz, 0), tz)
		from, to := station.DayFrame(day, tz)
		pin := OfflinePIN(secret, "A12", from, to)
		for _, c := range []struct {
			what string
			at   time.Time
			want bool
		}{
			{"at the edge itself, when inside the day", edge.At, !edge.At.Before(from) && edge.At.Before(to)},
			{"at 00:01 at the station", from, true},
			{"at 23:58 at the station", to.Add(-time.Minute), true},
			{"at 23:59 at the station", to, false},
			{"at 00:00 at the station", from.Add(-time.Minute), false},
			// 03:30 summer time, 00:30 UTC: inside on every day, the first of the two 03:30s in autumn.
			{"at 00:30 UTC", time.Date(day.Year(), day.Month(), day.Day(), 0, 30, 0, 0, time.UTC), true},
		} {
			if got := OfflinePINValid(secret, "A12", pin, from, to, c.at); got != c.want {
				t.Errorf("%s, day %s (%v .. %v), %s: valid %v, want %v", edge, day.Format(time.DateOnly), from, to, c.what, got, c.want)
			}
		}
		if local := to.In(tz).Format("15:04"); local != station.DefaultEndClock {
			t.Errorf("%s: the window ends at %s local", edge, local)
		}
	}
}
