package backoffice_test

import (
	"slices"
	"testing"
	"time"
)

// benchCase is one read a back-office benchmark times: a screen's query, or a reference to compare it with.
type benchCase struct {
	name string
	run  func() error
}

// runTimed runs each case as a sub-benchmark and reports its median and 99th-percentile time in
// milliseconds: the numbers docs/benchmarks.md compares with the screens' budgets.
func runTimed(b *testing.B, cases []benchCase) {
	b.Helper()
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			ds := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				start := time.Now()
				if err := c.run(); err != nil {
					b.Fatal(err)
				}
				ds = append(ds, time.Since(start))
			}
			slices.Sort(ds)
			b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
