//go:build unix

package loadtest

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) this process has used so far. On
// a shared machine CPU per booking is steadier than bookings per second.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
