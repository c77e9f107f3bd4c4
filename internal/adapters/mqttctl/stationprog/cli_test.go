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
	url := strings.Replace(b.URL, "mqtt://", "mqtt://lockerd:broker-pw-of-lockerd@", 1) // MQTT_URL is lockerd's, with its login
	code := stationprog.Main(ctx, []string{"-url", url, "-stations", "3", "-compartments", "2", "-station-secret", "s3cret"}, strings.NewReader(""), &stderr)
	if code != 0 {
		t.Fatalf("Main = %d: %s", code, stderr.String())
	}
	for _, want := range []string{"stations=3", "station-sim: stopped"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("log lacks %q: %s", want, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "s3cret") || strings.Contains(stderr.String(), "broker-pw-of-lockerd") {
		t.Error("a secret reached the log")
	}
}

// -layout-from-db plays every station lockerd has, with its compartments.
func TestMainPlaysTheLayoutFromLockerd(t *testing.T) {
	b := mqtttest.Start(t)
	var stderr bytes.Buffer
	if code := stationprog.Main(context.Background(), []string{"-layout-from-db", "-station-secret", "s3cret"}, nil, &stderr); code != 2 {
		t.Errorf("-layout-from-db without a database = %d, want 2", code)
	}
	layout := map[string][]stationprog.Compartment{
		"00000000-0000-4000-8000-000000000101": {{Label: "K1", Temperature: "cool"}},
		"00000000-0000-4000-8000-000000000102": {{Label: "K1", Temperature: "warm"}, {Label: "K2", Temperature: "neutral"}},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	stderr.Reset()
	code := stationprog.MainWith(ctx, []string{"-url", b.URL, "-layout-from-db", "-station-secret", "s3cret"}, strings.NewReader(""), &stderr,
		func(context.Context) (map[string][]stationprog.Compartment, error) { return layout, nil })
	if code != 0 || !strings.Contains(stderr.String(), "stations=2") {
		t.Fatalf("Main = %d: %s", code, stderr.String())
	}
}
