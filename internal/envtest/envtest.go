// Package envtest stops a Go test process at once, with one message, when a
// service the tests need is missing: PostgreSQL, stripe-mock, mosquitto or
// redis-server. Plain `go test ./...` uses them when they are there (the test
// helpers start their own mosquitto, redis-server and stripe-mock processes and
// use the PostgreSQL on 127.0.0.1:5432); `make test-go` provides the rest. One
// message per test process, instead of the same failure from every test of the
// package, is what a newcomer on a fresh checkout needs to read; and one per
// run: `go test ./...` runs each package's tests as a process of its own, and
// only the first of them to miss a service says so (the others fail quietly,
// and go test lists them as FAIL).
package envtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Hint is how to get every service the Go tests need.
const Hint = "Run the Go tests with `make test-go`: it starts a throwaway PostgreSQL and installs stripe-mock " +
	"(scripts/test-postgres.sh, scripts/stripe-mock.sh), or set TEST_DATABASE_URL and STRIPE_MOCK yourself; " +
	"`.ci/run` installs PostgreSQL, mosquitto and redis-server on a fresh machine."

var once sync.Once

// Missing prints what is missing and Hint to stderr and ends the test process
// with status 1. Only the first caller of the run prints; others wait for the
// exit. The test helpers call it before they start anything of their own, so
// nothing is left running.
func Missing(what, detail string) {
	once.Do(func() {
		if firstOfRun(what) {
			fmt.Fprintf(os.Stderr, "\n%s is not available: %s\n%s\n\n", what, detail, Hint)
		}
		os.Exit(1)
	})
	select {} // another goroutine is exiting the process
}

// firstOfRun tells whether no other test process of this run has said that
// what is missing. The processes of one run share their parent (the go
// command); a marker file named after it, and after its start time where the
// system tells it (a pid is used again later), is made by the first only.
func firstOfRun(what string) bool {
	parent := strconv.Itoa(os.Getppid())
	if stat, err := os.ReadFile("/proc/" + parent + "/stat"); err == nil {
		// The 22nd field, counted after the command's closing parenthesis.
		if f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:])); len(f) > 19 {
			parent += "-" + f[19]
		}
	}
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, what)
	marker, err := os.OpenFile(filepath.Join(os.TempDir(), "lockers-envtest-"+parent+"-"+name), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return !os.IsExist(err) // a temp folder that cannot be written: say it every time
	}
	marker.Close()
	return true
}
