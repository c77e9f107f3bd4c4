// Command soak runs `make soak`: three lockerd processes (bin/lockerd) on a
// fresh PostgreSQL database behind HAProxy, mixed journeys at a steady rate
// for -duration, resource samples meanwhile. It prints the latencies per
// procedure and the samples as Markdown (for docs/benchmarks.md) and exits
// 1 when memory, goroutines, file descriptors or database connections grew.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"time"

	"lockers/internal/rpcclient"
	"lockers/internal/seed"
	"lockers/internal/store"
	"lockers/tools/cluster"
)

func main() {
	duration := flag.Duration("duration", 10*time.Minute, "how long the steady load lasts")
	rate := flag.Float64("rate", 5, "journeys started per second")
	gap := flag.Duration("sample", 10*time.Second, "time between resource samples")
	binary := flag.String("lockerd", "bin/lockerd", "the lockerd binary to run")
	admin := flag.String("postgres", envOr("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		"a PostgreSQL where the run may create and drop its database")
	out := flag.String("out", "", "also write the Markdown report to this file")
	flag.Parse()
	if err := run(*duration, *rate, *gap, *binary, *admin, *out); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

func run(duration time.Duration, rate float64, gap time.Duration, binary, adminURL, out string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	logf := func(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }

	admin, err := store.Open(ctx, adminURL)
	if err != nil {
		return err
	}
	defer admin.Close()
	name := fmt.Sprintf("lockers_soak_%d", time.Now().Unix())
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return err
	}
	defer admin.ExecContext(context.Background(), "DROP DATABASE "+name+" WITH (FORCE)") //nolint:errcheck // best effort
	u, _ := url.Parse(adminURL)
	u.Path = "/" + name
	dir, err := os.MkdirTemp("", "lockers-soak-")
	if err != nil {
		return err
	}
	cl, err := cluster.Start(ctx, cluster.Options{DatabaseURL: u.String(), Binary: binary, Dir: dir})
	if err != nil {
		return err
	}
	defer cl.Stop()
	db, err := store.Open(ctx, u.String())
	if err != nil {
		return err
	}
	defer db.Close()
	station, err := seed.Load(ctx, db, 60, 0, time.Now())
	if err != nil {
		return err
	}
	tokens := make([]string, 24)
	for i := range tokens {
		c := rpcclient.New(cl.Base, fmt.Sprintf("127.0.39.%d", i+1), 4)
		if tokens[i], err = cl.SignUp(ctx, c); err != nil {
			return fmt.Errorf("sign-up: %w", err)
		}
		c.Close()
	}
	if _, err := db.ExecContext(ctx, `UPDATE user_coupons SET remaining = 1000000`); err != nil {
		return err
	}
	logf("soak: %s at %.1f journeys/s through %s (logs in %s)", duration, rate, cl.Base, dir)
	rep := cluster.Soak(ctx, cl, cluster.SoakOptions{Duration: duration, Rate: rate, SampleGap: gap,
		StationID: station, Tokens: tokens, DB: admin.Writer(), DBName: name, Logf: logf})

	var b strings.Builder
	fmt.Fprintf(&b, "%d journeys in %s at %.1f/s (%d failed), three processes behind HAProxy on PostgreSQL\n\n",
		rep.Journeys, duration, rate, rep.Failed)
	b.WriteString(rep.Markdown())
	if len(rep.Errors) > 0 {
		fmt.Fprintf(&b, "\nErrors: %v\n", rep.Errors)
	}
	problems := rep.Flat(1.5, 4)
	if len(problems) > 0 {
		fmt.Fprintf(&b, "\nNot flat: %s\n", strings.Join(problems, "; "))
	} else {
		b.WriteString("\nMemory, goroutines, open files and database connections stayed flat.\n")
	}
	fmt.Print(b.String())
	if out != "" {
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	switch {
	case len(problems) > 0:
		return fmt.Errorf("resources grew: %s", strings.Join(problems, "; "))
	case rep.Failed*100 > rep.Journeys:
		return fmt.Errorf("%d of %d journeys failed", rep.Failed, rep.Journeys)
	}
	return nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
