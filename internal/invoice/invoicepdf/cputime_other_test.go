//go:build !unix

package invoicepdf_test

import "time"

// cpuTime is not measured here: the benchmark then reports 0 cpu-ms/op.
func cpuTime() time.Duration { return 0 }
