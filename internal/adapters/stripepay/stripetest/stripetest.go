// Package stripetest starts stripe-mock (Stripe's own mock of its API) for a
// test: the Stripe adapter's tests and the app's, which run lockerd with
// PAYMENT_PROVIDER=stripe against it. The binary comes from $STRIPE_MOCK (what
// `make test` sets, from scripts/stripe-mock.sh), the repository's bin/tools,
// the PATH or Go's bin folder. Without it the test fails with the install
// command: these tests are part of every run.
package stripetest

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"lockers/internal/envtest"
)

// Start runs stripe-mock on free loopback ports until the test ends and returns
// its HTTP base URL (for STRIPE_API_BASE).
func Start(t testing.TB) string {
	t.Helper()
	bin := find()
	if bin == "" {
		envtest.Missing("stripe-mock", "not in $STRIPE_MOCK, bin/tools, the PATH or Go's bin folder "+
			"(scripts/stripe-mock.sh installs it: `go install github.com/stripe/stripe-mock@v0.203.0`)")
	}
	httpAddr, httpsAddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-http-addr", httpAddr, "-https-addr", httpsAddr)
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start stripe-mock (%s): %v", bin, err)
	}
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
	})
	// The process gives no sign when it listens; its port answering is the sign.
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", httpAddr, 100*time.Millisecond)
		if err == nil {
			c.Close()
			return "http://" + httpAddr
		}
		if time.Now().After(deadline) {
			t.Fatalf("stripe-mock (%s) did not listen on %s within 20 s", bin, httpAddr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func find() string {
	if p := os.Getenv("STRIPE_MOCK"); p != "" {
		return p
	}
	if root := moduleRoot(); root != "" {
		if p := filepath.Join(root, "bin", "tools", "stripe-mock"); isFile(p) {
			return p
		}
	}
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
			gopath = strings.TrimSpace(string(out))
		}
	}
	for _, dir := range filepath.SplitList(gopath) {
		if p := filepath.Join(dir, "bin", "stripe-mock"); isFile(p) {
			return p
		}
	}
	return ""
}

// moduleRoot is the folder of go.mod above the test's working directory.
func moduleRoot() string {
	dir, err := os.Getwd()
	for err == nil {
		if isFile(filepath.Join(dir, "go.mod")) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// freeAddr returns a loopback address with a port nobody listens on now.
func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return "127.0.0.1:" + strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}
