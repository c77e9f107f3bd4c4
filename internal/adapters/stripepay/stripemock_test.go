package stripepay_test

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// stripeMock starts stripe-mock on free ports for the test and returns its
// HTTP base URL. The binary comes from $STRIPE_MOCK, the PATH or Go's bin
// folder (`make test` installs it into bin/tools). Without it the test fails
// with the install command: the adapter's tests are part of every run.
func stripeMock(t *testing.T) string {
	t.Helper()
	bin := findStripeMock()
	if bin == "" {
		t.Fatal("stripe-mock not found: set STRIPE_MOCK, or run `go install github.com/stripe/stripe-mock@v0.203.0` (make test does)")
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

func findStripeMock() string {
	if p := os.Getenv("STRIPE_MOCK"); p != "" {
		return p
	}
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
			gopath = string(out[:len(out)-1])
		}
	}
	for _, dir := range filepath.SplitList(gopath) {
		if p := filepath.Join(dir, "bin", "stripe-mock"); isFile(p) {
			return p
		}
	}
	return ""
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// freeAddr returns a loopback address with a port nobody listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return "127.0.0.1:" + strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}
