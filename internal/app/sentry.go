package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/getsentry/sentry-go"
)

// initSentry turns on error reporting with sample rate 1 when a DSN is set; with
// none, every reporting call below is a no-op.
func initSentry(dsn, environment, release string) (flush func(), err error) {
	if dsn == "" {
		return func() {}, nil
	}
	off := sentry.KeyValueCollectionBehavior{Mode: sentry.CollectionOff}
	if err := sentry.Init(sentry.ClientOptions{
		Dsn:         dsn,
		Environment: environment,
		Release:     "lockerd@" + release,
		SampleRate:  1,
		// Request bodies, headers, cookies and query strings can hold passwords,
		// tokens and codes, and the user's fields are personal data: none of
		// them is collected.
		DataCollection: &sentry.DataCollection{
			UserInfo:    sentry.Set(false),
			HTTPBodies:  []sentry.BodyType{},
			Cookies:     &off,
			HTTPHeaders: &sentry.HeaderCollectionConfig{Request: &off, Response: &off},
			QueryParams: &off,
		},
	}); err != nil {
		return nil, fmt.Errorf("SENTRY_DSN: %w", err)
	}
	return func() { sentry.Flush(2 * time.Second) }, nil
}

func reportPanic(ctx context.Context, v any) {
	hub := sentry.CurrentHub().Clone()
	if id := RequestIDFrom(ctx); id != "" {
		hub.Scope().SetTag("request_id", id)
	}
	hub.Recover(v)
}

// sentryHandler forwards error-level log records (internal faults, recovered
// panics in procedures) to Sentry, tagged with the request id.
type sentryHandler struct{ slog.Handler }

func (h sentryHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError && sentry.CurrentHub().Client() != nil {
		hub := sentry.CurrentHub().Clone()
		if id := RequestIDFrom(ctx); id != "" {
			hub.Scope().SetTag("request_id", id)
		}
		msg := r.Message
		r.Attrs(func(a slog.Attr) bool {
			msg += " " + a.String()
			return true
		})
		hub.CaptureMessage(msg)
	}
	return h.Handler.Handle(ctx, r)
}

func (h sentryHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return sentryHandler{h.Handler.WithAttrs(as)}
}
func (h sentryHandler) WithGroup(n string) slog.Handler { return sentryHandler{h.Handler.WithGroup(n)} }
