//go:build !linux

package loadtest

import "time"

// databaseCPU is not measured here.
func databaseCPU(string) time.Duration { return 0 }
