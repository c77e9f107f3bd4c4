// Command bookbench runs the booking load test (package loadtest) against a
// database of your choice and prints the figures:
//
//	go run ./tools/loadtest/cmd/bookbench -db sqlite:/tmp/bookbench.db
//	go run ./tools/loadtest/cmd/bookbench -db 'postgres://postgres@127.0.0.1:5432/bookbench?sslmode=disable'
//
// It seeds a new station, signs users up and leaves its orders behind, so point
// it at a throw-away database (an empty one is migrated first).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"runtime/pprof"

	"lockers/tools/loadtest"
)

func main() {
	var opts loadtest.Options
	flag.StringVar(&opts.DatabaseURL, "db", "", "DATABASE_URL of a throw-away database (sqlite:PATH or postgres://...)")
	flag.IntVar(&opts.Workers, "workers", 16, "concurrent clients and raw transactions")
	flag.IntVar(&opts.Bookings, "bookings", 4000, "measured bookings per phase")
	flag.IntVar(&opts.Users, "users", 0, "users to sign up (default: enough to stay under the per-token rate limit)")
	flag.IntVar(&opts.Lockers, "lockers", 200, "lockers of the seeded station")
	flag.BoolVar(&opts.Pay, "pay", false, "also measure booking only (create + confirm) against book-and-pay with the demo provider")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run (lockerd runs in this process) to this file")
	flag.Parse()
	if opts.DatabaseURL == "" {
		flag.Usage()
		os.Exit(2)
	}
	os.Exit(run(opts, *cpuProfile))
}

// run is the benchmark and its exit code; the profile is complete on every way out.
func run(opts loadtest.Options, cpuProfile string) int {
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			log.Print(err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Print(err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts.Logf = log.Printf
	res, err := loadtest.Run(ctx, opts)
	if err != nil {
		log.Print(err)
		return 1
	}
	fmt.Println(res.String())
	if res.Overlaps != 0 || res.ContentionBooked != res.ContentionLockers {
		return 1
	}
	return 0
}
