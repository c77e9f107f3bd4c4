// Package loadtest measures booking throughput (issue 4, "Performance"): the
// real lockerd stack (HTTP, tRPC, bearer sessions, availability, insert) driven
// by concurrent clients over keep-alive connections, against a raw-SQL booking
// loop on the same database in the same run, followed by a check that no
// locker was booked twice for overlapping times.
//
// It is a measuring tool, not a timed test: BenchmarkBookingThroughput reports
// the figures (see docs/benchmarks.md), cmd/bookbench runs it against a
// database of your choice, and the ordinary test run does a small run that
// asserts only that every booking was right.
package loadtest
