package hardware_test

import (
	"testing"
	"time"

	"lockers/internal/hardware"
)

func TestLinkStateAgreesWithTheOfflineAlarm(t *testing.T) {
	now := time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC)
	fresh, stale := now.Add(-10*time.Second), now.Add(-hardware.OfflineAfter-time.Second)
	cases := []struct {
		name   string
		online bool
		seen   time.Time
		alarm  bool
		want   string
	}{
		{"heard and linked", true, fresh, false, hardware.LinkOnline},
		{"an open offline alarm wins over a fresh heartbeat", true, fresh, true, hardware.LinkOffline},
		{"silent longer than OfflineAfter", true, stale, false, hardware.LinkOffline},
		{"said it went offline", false, fresh, false, hardware.LinkOffline},
		{"never heard", false, time.Time{}, false, hardware.LinkNever},
		{"never heard but an alarm", true, time.Time{}, true, hardware.LinkOffline},
	}
	for _, c := range cases {
		if got := hardware.LinkState(c.online, c.seen, c.alarm, now); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
