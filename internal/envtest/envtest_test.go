package envtest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMissing runs this test binary again as two processes of one run (one
// parent, as go test runs a package each) that each miss a service from two
// goroutines at once: both must exit 1, and the run says so once, naming
// `make test-go`.
func TestMissing(t *testing.T) {
	if os.Getenv("ENVTEST_CHILD") == "1" {
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); Missing("PostgreSQL", "dial tcp 127.0.0.1:5432: connection refused") }()
		}
		wg.Wait()
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var text string
	for range 2 {
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestMissing$")
		cmd.Env = append(os.Environ(), "ENVTEST_CHILD=1")
		out, err := cmd.CombinedOutput()
		exit, ok := err.(*exec.ExitError)
		if !ok || exit.ExitCode() != 1 {
			t.Fatalf("child: %v, want exit status 1; output:\n%s", err, out)
		}
		text += string(out)
	}
	t.Cleanup(func() {
		matches, _ := filepath.Glob(filepath.Join(os.TempDir(), "lockers-envtest-"+strconv.Itoa(os.Getpid())+"-*PostgreSQL"))
		for _, m := range matches {
			os.Remove(m)
		}
	})
	if n := strings.Count(text, "PostgreSQL is not available: dial tcp"); n != 1 {
		t.Errorf("the message is there %d times, want once:\n%s", n, text)
	}
	if !strings.Contains(text, "make test-go") {
		t.Errorf("the message does not name make test-go:\n%s", text)
	}
	if strings.Contains(text, "PASS") {
		t.Errorf("the child passed:\n%s", text)
	}
}
