// Package redistest gives tests a Redis of their own: TEST_REDIS_URL when set,
// otherwise a redis-server (Debian's package redis-server; .ci/run installs it)
// started on a free loopback port without persistence and stopped at cleanup.
// A missing server fails the test rather than skipping it, like PostgreSQL's.
package redistest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"lockers/internal/envtest"
)

// URL returns the redis:// URL of a Redis for this test. Tests sharing
// TEST_REDIS_URL must use key prefixes of their own.
func URL(tb testing.TB) string {
	tb.Helper()
	if u := os.Getenv("TEST_REDIS_URL"); u != "" {
		return u
	}
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		envtest.Missing("redis-server", "not installed and TEST_REDIS_URL is unset: apt-get install redis-server")
	}
	port := freePort(tb)
	cmd := exec.Command(bin, "--bind", "127.0.0.1", "--port", strconv.Itoa(port), "--save", "", "--appendonly", "no",
		"--dir", tb.TempDir(), "--loglevel", "warning")
	if err := cmd.Start(); err != nil {
		tb.Fatalf("redistest: start redis-server: %v", err)
	}
	tb.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	url := fmt.Sprintf("redis://127.0.0.1:%d/0", port)
	opts, _ := redis.ParseURL(url)
	rdb := redis.NewClient(opts)
	defer rdb.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := rdb.Ping(ctx).Err()
		cancel()
		if err == nil {
			return url
		}
		if time.Now().After(deadline) {
			tb.Fatalf("redistest: redis-server on port %d did not answer: %v", port, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Client returns a client of URL(tb), closed at cleanup.
func Client(tb testing.TB) *redis.Client {
	tb.Helper()
	opts, err := redis.ParseURL(URL(tb))
	if err != nil {
		tb.Fatalf("redistest: %v", err)
	}
	c := redis.NewClient(opts)
	tb.Cleanup(func() { _ = c.Close() })
	return c
}

func freePort(tb testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("redistest: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
