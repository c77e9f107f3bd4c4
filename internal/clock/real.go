//go:build !testclock

package clock

import "time"

// offset is always zero outside a testclock build.
const offset time.Duration = 0

func now() time.Time { return time.Now() }
