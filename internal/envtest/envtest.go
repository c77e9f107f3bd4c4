// Package envtest stops a Go test process at once, with one message, when a
// service the tests need is missing: PostgreSQL, stripe-mock, mosquitto or
// redis-server. Plain `go test ./...` uses them when they are there (the test
// helpers start their own mosquitto, redis-server and stripe-mock processes and
// use the PostgreSQL on 127.0.0.1:5432); `make test-go` provides the rest. One
// message per test process, instead of the same failure from every test of the
// package, is what a newcomer on a fresh checkout needs to read.
package envtest

import (
	"fmt"
	"os"
	"sync"
)

// Hint is how to get every service the Go tests need.
const Hint = "Run the Go tests with `make test-go`: it starts a throwaway PostgreSQL and installs stripe-mock " +
	"(scripts/test-postgres.sh, scripts/stripe-mock.sh), or set TEST_DATABASE_URL and STRIPE_MOCK yourself; " +
	"`.ci/run` installs PostgreSQL, mosquitto and redis-server on a fresh machine."

var once sync.Once

// Missing prints what is missing and Hint to stderr and ends the test process
// with status 1. Only the first caller prints; others wait for the exit. The
// test helpers call it before they start anything of their own, so nothing is
// left running.
func Missing(what, detail string) {
	once.Do(func() {
		fmt.Fprintf(os.Stderr, "\n%s is not available: %s\n%s\n\n", what, detail, Hint)
		os.Exit(1)
	})
	select {} // another goroutine is exiting the process
}
