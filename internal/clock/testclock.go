//go:build testclock

package clock

import (
	"fmt"
	"os"
	"time"
)

// offset is how far LOCKERS_TEST_NOW is ahead of the real clock at start.
var offset = fromEnv(os.Getenv(EnvName), time.Now())

// fromEnv is the offset that makes the clock read value at real; "" is none.
// A bad value stops the test binary at once: a test that meant to run at a
// certain hour must not run at another.
func fromEnv(value string, real time.Time) time.Duration {
	if value == "" {
		return 0
	}
	at, err := time.Parse(time.RFC3339Nano, value)
	if err != nil {
		fmt.Fprintf(os.Stderr, "lockerd (testclock): %s=%q is not an RFC 3339 instant\n", EnvName, value)
		os.Exit(2)
	}
	if d := at.Sub(real); d != 0 {
		return d
	}
	return time.Nanosecond // "shifted" even when asked for the very present
}

// now keeps time.Now's monotonic reading (shifted with it), so durations
// measured between two readings of this clock are true.
func now() time.Time { return time.Now().Add(offset) }
