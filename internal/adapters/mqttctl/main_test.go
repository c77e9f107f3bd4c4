package mqttctl_test

import (
	"context"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"lockers/internal/adapters/mqttctl/stationprog"
)

// stationProgEnv makes the test binary run the station program instead of the
// tests (its arguments, space-separated, are the value), so the load benchmark
// plays its stations in a process of their own and measures only the receiver.
const stationProgEnv = "MQTTCTL_TEST_STATION_PROGRAM"

func TestMain(m *testing.M) {
	if args := os.Getenv(stationProgEnv); args != "" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := stationprog.Main(ctx, strings.Fields(args), os.Stdin, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}
