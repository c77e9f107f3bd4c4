// Command lockerd is the locker-rental service: one process serving the tRPC API
// and the embedded web app. Subcommands:
//
//	lockerd serve     migrate the database, seed demo data (DEMO_SEED) and serve HTTP
//	lockerd migrate   apply the embedded database migrations and exit
//	lockerd seed      insert the demo stations and lockers and exit
//	lockerd grant-role EMAIL ADMIN|MANAGER
//	                  give an existing user a back-office role
//	lockerd seed-load LOCKERS ORDERS
//	lockerd seed-load [--scale F]   (the back office volume: 100,000 users, 200 stations, 5,000 compartments, 1,000,000 orders over two years, times F)
//	                  add a benchmark station with LOCKERS lockers and ORDERS past orders
//	lockerd station-sim [flags]
//	                  play locker stations over MQTT (lockerd station-sim -h)
//	lockerd station-credentials show|create|rotate|revoke STATION_ID
//	                  a station's signing key and broker login (shown once), audited
//	lockerd station-credentials broker-file FILE
//	                  write the station broker's password file (lockerd's login and every live station's)
//	lockerd backup FILE
//	                  SQLite: copy the database to FILE while lockerd serves (PostgreSQL: pg_dump)
//	lockerd restore FILE
//	                  SQLite: replace the database with the backup FILE (stop lockerd first)
//	lockerd env       print every configuration variable with its default (-markdown for the README)
//	lockerd version   print the version
//	lockerd health    exit 0 when the lockerd on HTTP_ADDR is ready (a container's health check)
//
// Configuration comes from environment variables only (`lockerd env`).
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"lockers/internal/adapters/mqttctl/stationprog"
	"lockers/internal/app"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officeseed"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/config"
	"lockers/internal/demo"
	"lockers/internal/seed"
	"lockers/internal/store"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "env":
		write := config.WriteTable
		if len(args) > 1 && args[1] == "-markdown" {
			write = config.WriteMarkdown
		}
		if err := write(stdout); err != nil {
			fmt.Fprintln(stderr, "lockerd:", err)
			return 1
		}
		return 0
	case "version":
		fmt.Fprintln(stdout, app.Version)
		return 0
	case "health":
		return health(stdout, stderr)
	case "station-sim":
		// The station program needs no database or server configuration.
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return stationprog.Main(ctx, args[1:], os.Stdin, stderr)
	case "serve", "migrate", "seed":
	case "seed-load":
		if len(args) != 1 && len(args) != 3 {
			fmt.Fprintln(stderr, "usage: lockerd seed-load [--scale F] | seed-load LOCKERS ORDERS")
			return 2
		}
	case "backup", "restore":
		if len(args) != 2 {
			fmt.Fprintf(stderr, "usage: lockerd %s FILE\n", cmd)
			return 2
		}
	case "grant-role":
		if len(args) != 3 {
			fmt.Fprintln(stderr, "usage: lockerd grant-role EMAIL ADMIN|MANAGER")
			return 2
		}
	case "station-credentials":
		if len(args) != 3 || !validCredentialsAction(args[1]) {
			fmt.Fprintln(stderr, "usage: lockerd station-credentials show|create|rotate|revoke STATION_ID | station-credentials broker-file FILE")
			return 2
		}
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, "usage: lockerd [serve|migrate|seed|backup FILE|restore FILE|seed-load [--scale F]|seed-load LOCKERS ORDERS|grant-role EMAIL ROLE|station-sim [flags]|station-credentials ACTION ARG|env|version|health]")
		return 0
	default:
		fmt.Fprintf(stderr, "lockerd: unknown command %q (serve, migrate, seed, backup, restore, seed-load, grant-role, station-sim, station-credentials, env, version, health)\n", cmd)
		return 2
	}

	cfg, err := config.FromEnv()
	if err != nil {
		// Each line names the variable; secret values are never part of the message.
		fmt.Fprintln(stderr, "lockerd: configuration error:\n"+err.Error())
		return 2
	}
	log := app.NewLogger(stderr, cfg.LogLevel)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch cmd {
	case "serve":
		err = app.Run(ctx, cfg, log, webFiles(), nil)
	case "migrate", "seed":
		err = migrateOrSeed(ctx, cmd, cfg, log)
	case "backup":
		if err = store.Backup(ctx, cfg.DatabaseURL, args[1]); err == nil {
			fmt.Fprintf(stdout, "backed up to %s\n", args[1])
		}
	case "restore":
		if err = store.Restore(ctx, cfg.DatabaseURL, args[1]); err == nil {
			fmt.Fprintf(stdout, "restored from %s; start lockerd again\n", args[1])
		}
	case "grant-role":
		if err = app.GrantRole(ctx, cfg, log, args[1], args[2]); err == nil {
			fmt.Fprintf(stdout, "%s now has the role %s\n", args[1], args[2])
		}
	case "station-credentials":
		err = app.StationCredentials(ctx, cfg, log, args[1:], stdout)
	case "seed-load":
		if len(args) == 1 || args[1] == "--scale" {
			err = seedOffice(ctx, cfg, log, args[1:])
		} else {
			err = seedLoad(ctx, cfg, log, args[1], args[2])
		}
	}
	if err != nil {
		log.Error("lockerd stopped", "command", cmd, "err", err)
		return 1
	}
	return 0
}

func migrateOrSeed(ctx context.Context, cmd string, cfg config.Config, log *slog.Logger) error {
	db, err := app.OpenStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	if cmd == "seed" {
		if err := demo.Seed(ctx, db); err != nil {
			return err
		}
		log.Info("demo data seeded", "stations", len(demo.Stations))
	}
	return nil
}

// seedLoad fills the database for the availability benchmark (docs/benchmarks.md).
func seedLoad(ctx context.Context, cfg config.Config, log *slog.Logger, lockersArg, ordersArg string) error {
	lockers, err1 := strconv.Atoi(lockersArg)
	orders, err2 := strconv.Atoi(ordersArg)
	if err1 != nil || err2 != nil || lockers < 1 || orders < 0 {
		return fmt.Errorf("seed-load: LOCKERS and ORDERS must be whole numbers (LOCKERS at least 1)")
	}
	db, err := app.OpenStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	station, err := seed.Load(ctx, db, lockers, orders, time.Now())
	if err != nil {
		return err
	}
	log.Info("benchmark data seeded", "station", station, "lockers", lockers, "orders", orders, "took", time.Since(start).String())
	return nil
}

// seedOffice fills the database with the back office's volume (issue 15),
// scaled by --scale F (default 1: 1,000,000 orders), for demos and `make bench`.
func seedOffice(ctx context.Context, cfg config.Config, log *slog.Logger, args []string) error {
	scale := 1.0
	if len(args) == 2 {
		f, err := strconv.ParseFloat(args[1], 64)
		if err != nil || f <= 0 || f > 10 {
			return fmt.Errorf("seed-load: --scale must be a number above 0 and at most 10")
		}
		scale = f
	}
	db, err := app.OpenStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	v := officeseed.Scaled(time.Now(), scale)
	err = officeseed.Load(ctx, db, v, func(done, total int) {
		log.Info("seeding orders", "done", done, "of", total, "took", time.Since(start).Round(time.Second).String())
	})
	if err != nil {
		return err
	}
	log.Info("back office data seeded", "users", v.Users, "stations", v.Stations, "compartments", v.Compartments,
		"orders", v.Orders, "took", time.Since(start).Round(time.Millisecond).String())
	// Sum the statistics' daily and monthly summaries of the seeded days now,
	// so the first statistics read of a demo does not wait for them.
	office, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, nil), Logger: log})
	if err != nil {
		return err
	}
	summed := time.Now()
	if err := office.RollUp(ctx, v.End.Add(-v.Span), v.End); err != nil {
		return err
	}
	log.Info("statistics summary summed", "took", time.Since(summed).Round(time.Millisecond).String())
	return nil
}

func validCredentialsAction(a string) bool {
	switch a {
	case "show", "create", "rotate", "revoke", "broker-file":
		return true
	}
	return false
}
