package store

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Listener hears one PostgreSQL notification channel through Listen.
type Listener interface {
	// Listening: LISTEN is in place; every notification sent from now on is heard.
	Listening()
	// Deaf: the connection is gone or unproven; notifications sent from now until
	// the next Listening may be missed.
	Deaf(err error)
	// Heard is one notification's payload, in the order PostgreSQL sent them.
	Heard(payload string)
}

// ListenTimings are how Listen proves and rebuilds its connection.
type ListenTimings struct {
	// Quiet is how long a silent connection waits before it is proven again; a
	// connection that stopped delivering is found within Quiet+Proof.
	Quiet, Proof time.Duration
	// Retry is the pause before reconnecting; it doubles up to MaxRetry.
	Retry, MaxRetry time.Duration
}

// DefaultListenTimings find a connection that stopped delivering within 7 s.
var DefaultListenTimings = ListenTimings{Quiet: 5 * time.Second, Proof: 2 * time.Second,
	Retry: 250 * time.Millisecond, MaxRetry: 10 * time.Second}

// ErrNoListen: SQLite has no notifications (one process owns its file).
var ErrNoListen = errors.New("store: only PostgreSQL has notifications")

// proofPrefix starts the payloads Listen sends itself; every Listen on the
// channel passes them over.
const proofPrefix = "listen-proof "

// Listen hears channel on a connection of its own (not one of the pool's)
// until ctx ends, reconnecting when it fails: l is told Listening once LISTEN is
// in place and proven, Heard for each notification and Deaf whenever
// notifications may go unheard. It returns ErrNoListen at once on SQLite,
// otherwise when ctx ends, after a last Deaf.
//
// Proven means a notification sent through the pool, as another process
// sends them, came back: an answering connection is not enough (through a
// pooler in transaction mode LISTEN succeeds and nothing is delivered). The
// proof is made on connecting and again after Quiet without news.
func Listen(ctx context.Context, db *DB, channel string, l Listener, t ListenTimings) error {
	if db.dialect != Postgres {
		return ErrNoListen
	}
	retry := t.Retry
	for {
		proven, err := listenOnce(ctx, db, channel, l, t)
		l.Deaf(err)
		if proven { // it worked for a while: the next attempt need not wait long
			retry = t.Retry
		}
		if ctx.Err() != nil { // ended: no attempt more, so Deaf was the last word
			return ctx.Err()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(retry):
		}
		retry = min(2*retry, t.MaxRetry)
	}
}

// listenOnce runs one connection until it fails, and reports whether LISTEN
// was proven on it.
func listenOnce(ctx context.Context, db *DB, channel string, l Listener, t ListenTimings) (proven bool, err error) {
	cfg, err := pgx.ParseConfig(db.url)
	if err != nil {
		return false, err
	}
	cfg.RuntimeParams["application_name"] = "lockerd listen " + channel
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false, err
	}
	defer conn.Close(context.WithoutCancel(ctx)) //nolint:errcheck // the connection is given up either way
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return false, err
	}
	hear := func(payload string) {
		if !strings.HasPrefix(payload, proofPrefix) {
			l.Heard(payload)
		}
	}
	// prove sends a proof through the pool and waits for it. It is sent from
	// another goroutine, so that news keeps being heard while the pool is busy.
	prove := func() error {
		proof := proofPrefix + rand.Text()
		sent := make(chan error, 1)
		go func() {
			send, cancel := context.WithTimeout(ctx, t.Proof)
			defer cancel()
			_, err := db.write.ExecContext(send, `SELECT pg_notify($1, $2)`, channel, proof)
			sent <- err
		}()
		wait, cancel := context.WithTimeout(ctx, t.Proof)
		defer cancel()
		for {
			n, err := conn.WaitForNotification(wait)
			if err != nil {
				return fmt.Errorf("store: listen %s: own notification not heard: %w", channel, errors.Join(err, <-sent))
			}
			if n.Payload == proof {
				return nil
			}
			hear(n.Payload)
		}
	}
	if err := prove(); err != nil {
		return false, err
	}
	l.Listening()
	for {
		wait, cancel := context.WithTimeout(ctx, t.Quiet)
		n, err := conn.WaitForNotification(wait)
		cancel()
		switch {
		case err == nil:
			hear(n.Payload)
			continue
		case ctx.Err() != nil:
			return true, ctx.Err()
		case !pgconn.Timeout(err):
			return true, err
		}
		if err := prove(); err != nil {
			return true, err
		}
	}
}
