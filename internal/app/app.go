// Package app wires lockerd together: configuration → store → adapters →
// services → HTTP server. cmd/lockerd is a thin shell around it.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"

	"lockers/internal/account/accountsql"
	"lockers/internal/clock"
	"lockers/internal/config"
	"lockers/internal/demo"
	"lockers/internal/jobs"
	"lockers/internal/store"
	"lockers/internal/version"
)

// sweepInterval is how often reservations and order statuses are swept; well
// under the 15-minute reservation hold so a released locker is soon bookable.
const sweepInterval = 30 * time.Second

// Version is the server's build version (internal/version: stamped by `make build`,
// else web/package.json's), as `lockerd version`, the log and Sentry show it.
var Version = version.String()

// AppVersion is Version without its build metadata (MAJOR.MINOR.PATCH): what
// system.info tells the apps, which compare it as a semantic version.
var AppVersion = version.Core()

// NewLogger writes JSON lines at the configured level, each value bounded
// (boundLogValue), with request ids and, when Sentry is on, error records
// reported there.
func NewLogger(w io.Writer, level slog.Level) *slog.Logger {
	h := slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level, ReplaceAttr: boundLogValue})
	return slog.New(sentryHandler{NewLogHandler(h)})
}

// OpenStore opens the database and applies the embedded migrations.
func OpenStore(ctx context.Context, cfg config.Config, log *slog.Logger) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	if _, err := db.Migrate(ctx, log); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	if err := jobs.Migrate(ctx, db); err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

// Run serves until ctx is cancelled (SIGINT/SIGTERM), then lets in-flight
// requests finish within cfg.ShutdownTimeout. ready, when not nil, receives the
// listening address once the server accepts connections.
func Run(ctx context.Context, cfg config.Config, log *slog.Logger, web fs.FS, ready func(addr string)) error {
	flush, err := initSentry(cfg.SentryDSN, cfg.SentryEnvironment, Version)
	if err != nil {
		return err
	}
	defer flush()

	db, err := OpenStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	// On PostgreSQL each API call's session comes from this process's copy while
	// changes to sessions are heard (accountsql's session cache).
	defer accountsql.CacheSessions(ctx, db, log)()
	if cfg.DemoSeed {
		if err := demo.Seed(ctx, db); err != nil {
			return fmt.Errorf("demo seed: %w", err)
		}
	}

	services, err := newServices(cfg, db, log)
	if err != nil {
		return err
	}
	// Runs after the HTTP server stopped: e-mails and texts still being sent finish.
	defer services.accounts.Wait()
	// Periodic work runs on the job queue, on one lockerd of all that share the
	// database: the sweep releases unconfirmed reservations and moves orders
	// through their statuses over time; the reconciler asks the provider about
	// what it left undecided and retries what failed.
	defer services.limits.close() //nolint:errcheck // shutting down
	ops := newOpsMetrics(db)
	queue, err := jobs.New(db, jobs.Options{Log: log, Observe: ops.observe, Now: clock.Now, NowShifted: clock.Shifted(), Periodic: append([]jobs.Periodic{
		{Name: "order.sweep", Every: sweepInterval, Run: services.orders.SweepOnce},
		{Name: "payment.reconcile", Every: sweepInterval, Run: services.payments.service.ReconcileOnce},
	}, services.periodic()...), Workers: notifyWorkers(services.notify)})
	if err != nil {
		return err
	}
	startNotify(db, services.notify, queue)
	sweepCtx, stopSweep := context.WithCancel(ctx)
	if err := queue.Start(sweepCtx); err != nil {
		stopSweep()
		return fmt.Errorf("job queue: %w", err)
	}
	// The invoicer issues invoices as soon as payments are recorded here;
	// pending demo notifications finish first.
	payDone := make(chan struct{})
	go func() {
		defer close(payDone)
		services.payments.service.RunInvoicer(sweepCtx)
	}()
	// The hardware service hears the stations (door sensors, heartbeats)
	// through the controller until shutdown.
	hwDone := make(chan struct{})
	go func() {
		defer close(hwDone)
		if err := services.hardware.service.Run(sweepCtx); err != nil {
			log.Error("station controller stopped", "err", err)
		}
	}()
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
		if err := queue.Stop(stopCtx); err != nil {
			log.Warn("job queue stopped with an error", "err", err)
		}
		cancel()
		stopSweep()
		services.payments.close()
		<-payDone
		<-hwDone
	}()
	srv, err := NewServer(ServerOptions{
		Deps:        services.deps,
		Log:         log,
		Web:         web,
		CORSOrigins: cfg.CORSOrigins,
		SentryDSN:   cfg.SentryDSN,
		TileOrigin:  tileOrigin(cfg),
		HSTS:        hstsFor(cfg),
		Context:     services.requestContext,
		Admit:       services.budgets.admit,
		InvoicePDF:  services.invoicePDF,
		StatisticsCSV: &statisticsCSV{office: services.deps.Backoffice, authenticate: services.accounts.Authenticate,
			log: log},
		OfficeCSV:       officeCSVs(services.deps.Backoffice, services.accounts.Authenticate, log),
		Webhook:         services.payments.webhook,
		WebhookProvider: cfg.PaymentProvider,
		DemoPages:       services.payments.pages(),
		Collectors:      append(ops.collectors(), newStationTrustMetrics(services.hardware.mqtt)),
		MetricsToken:    cfg.MetricsToken,
		TestClock:       testClockIf(cfg.TestClock, services.notify),
		IssuePhotos: &issuePhotos{issues: services.deps.Issues, authenticate: services.accounts.Authenticate,
			budget: services.budgets[photoUpload], log: log},
	})
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("HTTP_ADDR: %w", err)
	}
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	if cfg.MetricsAddr != "" {
		stopMetrics, err := serveMetrics(cfg.MetricsAddr, srv.MetricsHandler(), log)
		if err != nil {
			_ = ln.Close()
			return err
		}
		defer stopMetrics()
	}
	log.Info("lockerd listening", "addr", ln.Addr().String(), "database", db.Dialect(), "version", Version,
		"rateLimits", services.limits.backend)
	log.Info("open the app at " + cfg.PublicURL + "/")
	if clock.Shifted() {
		log.Warn("test build: lockerd runs on a shifted clock ("+clock.EnvName+")", "now", clock.Now().UTC().Format(time.RFC3339))
	}
	if ready != nil {
		ready(ln.Addr().String())
	}

	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests", "timeout", cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// tileOrigin is the origin of the station map's tiles, "" when they are off.
// Validate has checked the template, so an error cannot happen here.
func tileOrigin(cfg config.Config) string {
	if cfg.MapTileURL == config.MapTilesOff {
		return ""
	}
	o, _ := config.TileOrigin(cfg.MapTileURL)
	return o
}
