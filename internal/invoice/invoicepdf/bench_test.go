package invoicepdf_test

import (
	"slices"
	"testing"
	"time"

	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicepdf"
)

// BenchmarkRenderInvoicePDF prints an Estonian invoice (the target of
// docs/benchmarks.md: p50 ≤ 25 ms). Besides ns/op it reports the median and the
// 99th percentile of the single renders it timed, and the CPU time the process
// spent per render (garbage collection included), which other processes on a
// busy machine inflate far less than the wall-clock figures.
func BenchmarkRenderInvoicePDF(b *testing.B) {
	r, err := invoicepdf.New(seller)
	if err != nil {
		b.Fatal(err)
	}
	doc := invoice.Document{Invoice: paidInvoice(), Language: "et",
		Buyer: invoice.Buyer{Name: "Jüri Õunapuu-Mölder", Email: "juri@example.ee", Language: "et"}}
	var took []time.Duration
	size := 0
	cpu := cpuTime()
	for b.Loop() {
		start := time.Now()
		pdf, err := r.Render(doc)
		took = append(took, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
		size = len(pdf.Bytes)
	}
	cpu = cpuTime() - cpu
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(took)), "cpu-ms/op")
	b.ReportMetric(float64(size), "bytes")
}
