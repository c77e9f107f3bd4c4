package stationprog_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/adapters/mqttctl/stationprog"
)

func TestMainRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-key", "00"}, {"-generation", "0", "-station-secret", "x"}, {"-stations", "0"}, {"-compartments", "-1"}, {"-nope"}, {"-station-ids", "a/b"}, {"-url", "::"}} {
		var stderr bytes.Buffer
		if code := stationprog.Main(context.Background(), args, nil, &stderr); code != 2 {
			t.Errorf("Main(%v) = %d, want 2 (stderr %q)", args, code, stderr.String())
		}
	}
	var stderr bytes.Buffer
	if code := stationprog.Main(context.Background(), []string{"-h"}, nil, &stderr); code != 0 || !strings.Contains(stderr.String(), "-stations") {
		t.Errorf("-h = %d, %q", code, stderr.String())
	}
}

// Main plays the stations until its context ends, then says goodbye.
func TestMainRunsStationsUntilStopped(t *testing.T) {
	b := mqtttest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	var stderr bytes.Buffer
	code := stationprog.Main(ctx, []string{"-url", b.URL, "-stations", "3", "-compartments", "2", "-station-secret", "s3cret"}, strings.NewReader(""), &stderr)
	if code != 0 {
		t.Fatalf("Main = %d: %s", code, stderr.String())
	}
	for _, want := range []string{"stations=3", "station-sim: stopped"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("log lacks %q: %s", want, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "s3cret") {
		t.Error("the PIN secret reached the log")
	}
}
