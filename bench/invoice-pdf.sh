#!/usr/bin/env bash
# Times printing an invoice PDF (internal/invoice/invoicepdf BenchmarkRenderInvoicePDF:
# an Estonian two-line invoice with the embedded fonts) and checks the median against
# INVOICE_PDF_P50_MAX_MS (default 25). Prints Go's ns/op and the p50/p99 of the single
# renders. GOMAXPROCS, INVOICE_PDF_RUNS (default 300) and -count via INVOICE_PDF_COUNT.
set -euo pipefail
cd "$(dirname "$0")/.."
max=${INVOICE_PDF_P50_MAX_MS:-25}
runs=${INVOICE_PDF_RUNS:-300}
count=${INVOICE_PDF_COUNT:-3}

out=$(${GO:-go} test -run '^$' -bench 'BenchmarkRenderInvoicePDF$' -benchmem -benchtime "${runs}x" \
  -count "$count" ./internal/invoice/invoicepdf/)
echo "$out" | grep -E '^(Benchmark|cpu|goos)'

# The median of the runs' p50s: one run disturbed by another process does not decide.
p50=$(echo "$out" | awk '/^BenchmarkRenderInvoicePDF/ { for (i = 2; i <= NF; i++) if ($i == "p50-ms") print $(i-1) }' |
  sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
[[ -n $p50 ]] || { echo "invoice-pdf: no p50 in the benchmark output" >&2; exit 1; }
if awk -v p="$p50" -v m="$max" 'BEGIN { exit !(p > m) }'; then
  echo "invoice-pdf: p50 $p50 ms, over the $max ms budget" >&2
  exit 1
fi
echo "invoice-pdf: p50 $p50 ms (budget $max ms)"
