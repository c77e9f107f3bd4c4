package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing/fstest"
	"time"

	"lockers/internal/adapters/mail/mailtest"
	"lockers/internal/app"
	"lockers/internal/config"
)

// server is a running lockerd (app.Run, the same code as the binary) and the
// SMTP server its e-mails go to.
type server struct {
	base string // http://host:port
	mail *mailtest.Server
	stop func() error
}

// startServer runs lockerd on databaseURL on a free port. Its log is formatted
// as in production and thrown away, so the cost of logging is measured too.
func startServer(ctx context.Context, databaseURL string) (*server, error) {
	mail, err := mailtest.New("", "")
	if err != nil {
		return nil, err
	}
	cfg := config.Default()
	cfg.HTTPAddr = "127.0.0.1:0"
	cfg.DatabaseURL = databaseURL
	cfg.DemoSeed = false
	cfg.SMTPURL = mail.URL()
	cfg.PublicURL = "http://127.0.0.1"
	// A few users stand for many: each holds far more unpaid bookings than
	// a person may (MAX_UNPAID_ORDERS).
	cfg.MaxUnpaidOrders, cfg.MaxHeldAtStation = 0, 0
	if err := cfg.Validate(); err != nil {
		mail.Close()
		return nil, err
	}
	log := app.NewLogger(io.Discard, slog.LevelInfo)

	runCtx, cancel := context.WithCancel(ctx)
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- app.Run(runCtx, cfg, log, fstest.MapFS{}, func(addr string) { ready <- addr })
	}()
	stop := func() error {
		cancel()
		err := <-done
		mail.Close()
		return err
	}
	select {
	case addr := <-ready:
		return &server{base: "http://" + addr, mail: mail, stop: stop}, nil
	case err := <-done:
		cancel()
		mail.Close()
		return nil, fmt.Errorf("lockerd did not start: %w", err)
	case <-time.After(60 * time.Second):
		return nil, errors.Join(errors.New("lockerd did not start within 60 s"), stop())
	}
}
