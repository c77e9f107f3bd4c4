package store

import (
	"context"
	"errors"
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

// ListenTimings are how Listen checks and rebuilds its connection.
type ListenTimings struct {
	// Quiet is how long a silent connection waits before it is proven with a
	// ping; a connection that died without closing is found within Quiet+Ping.
	Quiet, Ping time.Duration
	// Retry is the pause before reconnecting; it doubles up to MaxRetry.
	Retry, MaxRetry time.Duration
}

// DefaultListenTimings find a silently dead connection within 7 s.
var DefaultListenTimings = ListenTimings{Quiet: 5 * time.Second, Ping: 2 * time.Second,
	Retry: 250 * time.Millisecond, MaxRetry: 10 * time.Second}

// ErrNoListen: SQLite has no notifications (one process owns its file).
var ErrNoListen = errors.New("store: only PostgreSQL has notifications")

// Listen hears channel on a connection of its own (not one of the pool's)
// until ctx ends, reconnecting when it fails: l is told Listening once LISTEN is
// in place, Heard for each notification and Deaf whenever notifications may go
// unheard (the connection failed or did not answer a ping). It returns
// ErrNoListen at once on SQLite, otherwise when ctx ends, after a last Deaf.
func Listen(ctx context.Context, db *DB, channel string, l Listener, t ListenTimings) error {
	if db.dialect != Postgres {
		return ErrNoListen
	}
	retry := t.Retry
	for {
		err := listenOnce(ctx, db.url, channel, l, t, func() { retry = t.Retry })
		l.Deaf(err)
		if ctx.Err() != nil {
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

// listenOnce runs one connection until it fails; up is called once LISTEN
// succeeded.
func listenOnce(ctx context.Context, url, channel string, l Listener, t ListenTimings, up func()) error {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return err
	}
	cfg.RuntimeParams["application_name"] = "lockerd listen " + channel
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx)) //nolint:errcheck // the connection is given up either way
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	up()
	l.Listening()
	for {
		wait, cancel := context.WithTimeout(ctx, t.Quiet)
		n, err := conn.WaitForNotification(wait)
		cancel()
		switch {
		case err == nil:
			l.Heard(n.Payload)
			continue
		case ctx.Err() != nil:
			return ctx.Err()
		case !pgconn.Timeout(err):
			return err
		}
		// Quiet for a while: a connection that died without closing (a network
		// partition) looks the same, so it must answer.
		ping, cancel := context.WithTimeout(ctx, t.Ping)
		err = conn.Ping(ping)
		cancel()
		if err != nil {
			return err
		}
	}
}
