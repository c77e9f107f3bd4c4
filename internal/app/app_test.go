package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"lockers/internal/config"
	"lockers/internal/store/storetest"
)

// TestRunServesMigratesSeedsAndStops starts the whole service on each database,
// calls it over real HTTP and stops it the way SIGTERM does.
func TestRunServesMigratesSeedsAndStops(t *testing.T) {
	t.Parallel() // a server on a port and databases of its own
	storetest.EachURL(t, func(t *testing.T, url string) {
		cfg := config.Default()
		cfg.HTTPAddr = "127.0.0.1:0"
		cfg.DatabaseURL = url
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		addrs := make(chan string, 1)
		done := make(chan error, 1)
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		go func() { done <- Run(ctx, cfg, log, webFiles, func(a string) { addrs <- a }) }()

		wait := runWait(t)
		var base string
		select {
		case a := <-addrs:
			base = "http://" + a
		case err := <-done:
			t.Fatalf("Run stopped before listening: %v", err)
		case <-time.After(wait):
			t.Fatalf("Run did not start listening within %v", wait)
		}

		res, err := http.Get(base + "/c-core/trpc/hybrid/system.health")
		if err != nil {
			t.Fatal(err)
		}
		var env struct {
			Result struct {
				Data struct{ Status, Database string }
			}
		}
		err = json.NewDecoder(res.Body).Decode(&env)
		res.Body.Close()
		if err != nil || env.Result.Data.Database != "ok" {
			t.Fatalf("system.health: %v %+v", err, env)
		}
		if res, err := http.Get(base + "/readyz"); err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("readyz: %v %v", err, res)
		}

		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run after shutdown: %v", err)
			}
		case <-time.After(wait):
			t.Fatalf("Run did not stop within %v of its cancellation", wait)
		}
	})
}

// runWait is how long a test waits for Run to start listening or to stop: a start
// that never comes fails before go test's own timeout would, and a slow one
// (migrations and the demo seed under -race on a loaded machine took over 30 s)
// is waited for.
func runWait(t *testing.T) time.Duration {
	wait := time.Minute
	if d, ok := t.Deadline(); ok {
		wait = max(time.Until(d)-30*time.Second, wait)
	}
	return wait
}
