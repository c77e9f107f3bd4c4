//go:build testclock

package clock

import (
	"testing"
	"time"
)

func TestFromEnvStartsTheClockAtTheInstant(t *testing.T) {
	real := time.Date(2026, 12, 2, 0, 40, 0, 0, time.UTC)
	if got := fromEnv("2027-03-28T00:59:00Z", real); real.Add(got) != time.Date(2027, 3, 28, 0, 59, 0, 0, time.UTC) {
		t.Fatalf("offset %v does not reach the instant", got)
	}
	if got := fromEnv("2026-12-01T22:30:00+02:00", real); real.Add(got) != time.Date(2026, 12, 1, 20, 30, 0, 0, time.UTC) {
		t.Fatalf("an offset instant: %v", got)
	}
	if got := fromEnv("", real); got != 0 {
		t.Fatalf("no variable moved the clock by %v", got)
	}
}

// The variable of the process this test runs in, when set, moves Now.
func TestNowRunsFromTheInstant(t *testing.T) {
	if !Shifted() {
		t.Skip(EnvName + " is not set")
	}
	a := Now()
	time.Sleep(20 * time.Millisecond)
	if d := Now().Sub(a); d < 20*time.Millisecond || d > time.Second {
		t.Fatalf("the shifted clock does not run with real time: %v", d)
	}
}
