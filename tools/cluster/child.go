package cluster

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing/fstest"

	"lockers/internal/app"
	"lockers/internal/config"
)

// ChildMain runs lockerd (`lockerd serve`: app.Run, configured from the
// environment) and exits when this process was started by Start as one of
// the cluster's processes; otherwise it returns at once. Call it first in
// TestMain.
func ChildMain() {
	if os.Getenv(childEnv) != "1" {
		return
	}
	cfg, err := config.FromEnv()
	if err != nil {
		fmt.Fprintln(os.Stderr, "lockerd: configuration error:\n"+err.Error())
		os.Exit(2)
	}
	log := app.NewLogger(os.Stderr, cfg.LogLevel)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, cfg, log, fstest.MapFS{}, nil); err != nil {
		log.Error("lockerd stopped", "err", err)
		os.Exit(1)
	}
	os.Exit(0)
}
