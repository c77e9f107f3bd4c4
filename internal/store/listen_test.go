package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// events records what Listen tells a Listener, as "listening", "deaf" and
// "heard <payload>", and signals each one.
type events struct {
	mu   sync.Mutex
	seen []string
	news chan struct{}
}

func newEvents() *events { return &events{news: make(chan struct{}, 100)} }

func (e *events) add(s string) {
	e.mu.Lock()
	e.seen = append(e.seen, s)
	e.mu.Unlock()
	e.news <- struct{}{}
}

func (e *events) Listening()     { e.add("listening") }
func (e *events) Deaf(error)     { e.add("deaf") }
func (e *events) Heard(p string) { e.add("heard " + p) }

// waitFor waits until the events seen end with want.
func (e *events) waitFor(t *testing.T, want ...string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		e.mu.Lock()
		seen := append([]string(nil), e.seen...)
		e.mu.Unlock()
		if len(seen) >= len(want) && fmt.Sprint(seen[len(seen)-len(want):]) == fmt.Sprint(want) {
			return
		}
		select {
		case <-e.news:
		case <-deadline:
			t.Fatalf("events %q, want them to end with %q", seen, want)
		}
	}
}

// fastListen proves often and reconnects at once; a proof may take long on a
// starved machine before it counts as lost.
var fastListen = store.ListenTimings{Quiet: 200 * time.Millisecond, Proof: 5 * time.Second,
	Retry: 20 * time.Millisecond, MaxRetry: 100 * time.Millisecond}

func TestListenHearsCommittedNotificationsAndComesBackAfterALostConnection(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, storetest.MigratedPostgresURL(t))
	ctx, cancel := context.WithCancel(context.Background())
	e := newEvents()
	done := make(chan error, 1)
	go func() { done <- store.Listen(ctx, db, "test_channel", e, fastListen) }()
	e.waitFor(t, "listening")

	// Sent in a transaction: heard when it commits, in order, and never when it rolls back.
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, `SELECT pg_notify('test_channel', 'one'), pg_notify('test_channel', 'two')`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	e.waitFor(t, "heard one", "heard two")
	boom := errors.New("boom")
	_ = db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_notify('test_channel', 'rolled back')`); err != nil {
			return err
		}
		return boom
	})
	// Quiet for longer than Quiet: the proofs keep the connection, and no one hears them.
	time.Sleep(3 * fastListen.Quiet)
	if _, err := db.ExecContext(ctx, `SELECT pg_notify('test_channel', 'three')`); err != nil {
		t.Fatal(err)
	}
	e.waitFor(t, "listening", "heard one", "heard two", "heard three")

	// The connection is killed: deaf, then listening again on a new one.
	if _, err := db.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = 'lockerd listen test_channel'`); err != nil {
		t.Fatal(err)
	}
	e.waitFor(t, "deaf", "listening")
	if _, err := db.ExecContext(ctx, `SELECT pg_notify('test_channel', 'four')`); err != nil {
		t.Fatal(err)
	}
	e.waitFor(t, "deaf", "listening", "heard four")

	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Listen returned %v after its context ended, want context.Canceled", err)
	}
	e.waitFor(t, "heard four", "deaf")
}

func TestListenIsNotUpUntilItHearsWhatThePoolSends(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, storetest.MigratedPostgresURL(t))
	store.SetListenURL(db, storetest.PostgresURL(t)) // LISTEN works there, but hears nothing of db's
	ctx, cancel := context.WithCancel(context.Background())
	e := newEvents()
	done := make(chan error, 1)
	impatient := fastListen
	impatient.Proof = 300 * time.Millisecond
	go func() { done <- store.Listen(ctx, db, "test_channel", e, impatient) }()
	e.waitFor(t, "deaf", "deaf") // a proof timed out twice
	cancel()
	<-done
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, s := range e.seen {
		if s != "deaf" {
			t.Fatalf("events %q: a connection that hears nothing was taken for listening", e.seen)
		}
	}
}

func TestListenRefusesSQLite(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	if err := store.Listen(context.Background(), db, "test_channel", newEvents(), fastListen); !errors.Is(err, store.ErrNoListen) {
		t.Fatalf("Listen on SQLite = %v, want ErrNoListen", err)
	}
}

func TestAfterCommitRunsOnlyOnceCommitted(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var ran []string
		store.AfterCommit(db, func() { ran = append(ran, "pool") })
		err := db.InTx(ctx, func(tx *store.Tx) error {
			store.AfterCommit(tx, func() { ran = append(ran, "committed") })
			if len(ran) != 1 {
				return errors.New("ran inside the transaction")
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		_ = db.InTx(ctx, func(tx *store.Tx) error {
			store.AfterCommit(tx, func() { ran = append(ran, "rolled back") })
			return boom
		})
		if fmt.Sprint(ran) != "[pool committed]" {
			t.Fatalf("ran %q, want [pool committed]", ran)
		}
	})
}
