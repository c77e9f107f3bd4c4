//go:build testclock

package clock

import (
	"os"
	"os/exec"
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

// In a process started with the variable, Now starts at the instant and runs
// with real time: run this test's own binary again with it set (it is read
// once, at start).
func TestNowRunsFromTheInstant(t *testing.T) {
	if os.Getenv("CLOCK_TEST_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestNowRunsFromTheInstant$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CLOCK_TEST_CHILD=1", EnvName+"=2027-03-28T00:59:00Z")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return
	}
	if d := Now().Sub(time.Date(2027, 3, 28, 0, 59, 0, 0, time.UTC)); !Shifted() || d < 0 || d > time.Minute {
		t.Fatalf("the clock did not start at the instant: %v past it (shifted %v)", d, Shifted())
	}
	a := Now()
	time.Sleep(20 * time.Millisecond)
	if d := Now().Sub(a); d < 20*time.Millisecond || d > time.Second {
		t.Fatalf("the shifted clock does not run with real time: %v", d)
	}
}
