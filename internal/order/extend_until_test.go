package order_test

import (
	"testing"
	"time"

	"lockers/internal/order"
	"lockers/internal/station"
)

// TestExtendUntilIsTheLaterLimitsFirst (issue 46): the latest end the extend
// screen offers is 31 days from the locker's start, or the booking horizon
// when that comes first, to the minute.
func TestExtendUntilIsTheLaterLimitsFirst(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 12, 2, 22, 1, 30, 0, time.UTC)
	l := order.Locker{Start: start, End: start.Add(24 * time.Hour)}
	if got, want := order.ExtendUntil(l, start.AddDate(1, 0, 0)), start.Add(station.MaxDuration).Truncate(time.Minute); !got.Equal(want) {
		t.Errorf("far horizon: %v, want %v", got, want)
	}
	horizon := start.Add(10*24*time.Hour + 30*time.Second)
	if got, want := order.ExtendUntil(l, horizon), horizon.Truncate(time.Minute); !got.Equal(want) {
		t.Errorf("near horizon: %v, want %v", got, want)
	}
}
