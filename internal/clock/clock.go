// Package clock is the time lockerd goes by: the wiring (internal/app) hands
// Now to every service and to the job queue instead of time.Now.
//
// In every build lockerd ships, Now is time.Now. A test build (go build -tags
// testclock; `make bin/lockerd-testclock`) starts its clock at the instant
// LOCKERS_TEST_NOW names and lets it run from there, so that the browser tests
// can run the server at the hours and days that break naive date code (22:30
// and 23:59 UTC, midnight in Tallinn, the DST Sundays, the 31st, 29 February;
// docs/decisions/130-test-clock.md). The production build does not contain that
// code: it is in a file the testclock tag alone compiles.
package clock

import "time"

// EnvName is the variable a testclock build reads: an RFC 3339 instant.
const EnvName = "LOCKERS_TEST_NOW"

// Now is the server's current time.
func Now() time.Time { return now() }

// Shifted reports whether this build runs on a shifted test clock (only a
// testclock build with LOCKERS_TEST_NOW set does).
func Shifted() bool { return offset != 0 }
