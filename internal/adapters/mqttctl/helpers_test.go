package mqttctl_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/google/uuid"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/mqtttest"
	"lockers/internal/adapters/mqttctl/stationprog"
	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaretest"
)

// recordingSink keeps every event it is handed (hardwaretest.Recorder) and waits for one.
type recordingSink struct{ *hardwaretest.Recorder }

func newSink() *recordingSink { return &recordingSink{hardwaretest.NewRecorder()} }

func (s *recordingSink) all() []hardware.Event { return s.Events() }

func (s *recordingSink) count(match func(hardware.Event) bool) int { return s.Count(match) }

// waitFor returns the first event that matches, failing the test after timeout.
func (s *recordingSink) waitFor(t *testing.T, what string, timeout time.Duration, match func(hardware.Event) bool) hardware.Event {
	t.Helper()
	deadline := time.After(timeout)
	for {
		for _, ev := range s.all() {
			if match(ev) {
				return ev
			}
		}
		select {
		case <-s.Changed():
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatalf("no %s event within %s; got %d events:%s", what, timeout, len(s.all()), describe(s.all()))
		}
	}
}

// describe lists events one per line (kind, station, compartment, door, command) for a failure message.
func describe(events []hardware.Event) string {
	var b strings.Builder
	for _, ev := range events {
		fmt.Fprintf(&b, "\n\t%s %s %s door=%q command=%q online=%v at %s",
			ev.Kind, ev.StationID, ev.Compartment, ev.Door, ev.CommandID, ev.Online, ev.At.Format("15:04:05.000"))
	}
	return b.String()
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// startController runs a controller against the broker until the test ends.
func startController(t testing.TB, b *mqtttest.Broker, sink hardware.Sink) *mqttctl.Controller {
	t.Helper()
	return startControllerWith(t, b, sink, nil)
}

// startControllerWith lets the test change the options first.
func startControllerWith(t testing.TB, b *mqtttest.Broker, sink hardware.Sink, change func(*mqttctl.Options)) *mqttctl.Controller {
	t.Helper()
	opts := mqttctl.Options{
		URL: b.URL, ClientID: "lockerd-test-" + uuid.NewString()[:8], Logger: quietLogger(),
		MaxBackoff: 200 * time.Millisecond, Keys: testKeys,
	}
	if change != nil {
		change(&opts)
	}
	ctl, err := mqttctl.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := ctl.Run(ctx, sink); err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	if err := ctl.WaitReady(wctx); err != nil {
		t.Fatalf("controller not ready: %v", err)
	}
	return ctl
}

// startStations runs the station program; doors close after doorOpen.
func startStations(t testing.TB, b *mqtttest.Broker, ids []string, doorOpen time.Duration, secret []byte) *stationprog.Program {
	t.Helper()
	cfg := stationprog.Config{
		URL: b.URL, StationIDs: ids, Compartments: stationprog.DefaultCompartments(4),
		DoorOpenFor: doorOpen, HeartbeatEvery: time.Hour, TemperatureEvery: time.Hour,
		MaxBackoff: 200 * time.Millisecond, Logger: quietLogger(),
		ClientIDPrefix: "station-" + uuid.NewString()[:8] + "-", Credentials: testCredentials,
	}
	if secret != nil {
		cfg.Secret = func(string) []byte { return secret }
	}
	p, err := stationprog.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	return p
}

// waitOnline waits until the controller knows the station's status.
func waitOnline(t testing.TB, ctl *mqttctl.Controller, station string, want bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for ctl.Online(station) != want {
		if time.Now().After(deadline) {
			t.Fatalf("station %s online=%v not seen by the controller", station, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// rawPublisher publishes arbitrary bytes, as a broken or hostile station could.
func rawPublisher(t *testing.T, b *mqtttest.Broker) func(topic string, payload []byte) {
	t.Helper()
	u, _ := url.Parse(b.URL)
	ctx, cancel := context.WithCancel(context.Background())
	cm, err := autopaho.NewConnection(ctx, autopaho.ClientConfig{
		ServerUrls: []*url.URL{u}, KeepAlive: 30, ConnectTimeout: 5 * time.Second,
		ClientConfig: paho.ClientConfig{ClientID: "raw-" + uuid.NewString()[:8]},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		dctx, dcancel := context.WithTimeout(context.Background(), time.Second)
		defer dcancel()
		_ = cm.Disconnect(dctx)
		cancel()
	})
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	if err := cm.AwaitConnection(wctx); err != nil {
		t.Fatal(err)
	}
	return func(topic string, payload []byte) {
		t.Helper()
		pctx, pcancel := context.WithTimeout(ctx, 5*time.Second)
		defer pcancel()
		if _, err := cm.Publish(pctx, &paho.Publish{QoS: 1, Topic: topic, Payload: payload}); err != nil {
			t.Fatalf("publish %s: %v", topic, err)
		}
	}
}

// testSecret stands for STATION_SECRET: every test station is at key
// generation 1 of it.
var testSecret = []byte("mqttctl-test-station-secret-32-chars")

func testKey(station string) []byte { return hardware.StationMACKey(testSecret, station, 1) }

// testKeys is Options.Keys: generation 1 for every station.
func testKeys(_ context.Context, station string) ([]hardware.MACKey, error) {
	return []hardware.MACKey{{Gen: 1, Key: testKey(station)}}, nil
}

// testCredentials is stationprog.Config.Credentials (the broker takes anyone).
func testCredentials(station string) stationprog.Credentials {
	return stationprog.Credentials{Gen: 1, Key: testKey(station)}
}

// seal signs a message (or a command) of a station as the station (or
// lockerd) would, filling in the station and, for a message, the time.
func seal(t testing.TB, station, kind string, v any) []byte {
	t.Helper()
	switch m := v.(type) {
	case wire.Message:
		if m.Station == "" {
			m.Station = station
		}
		if m.At.IsZero() {
			m.At = time.Now()
		}
		v = m
	case wire.Command:
		if m.Station == "" {
			m.Station = station
		}
		if m.At.IsZero() {
			m.At = time.Now()
		}
		v = m
	}
	p, err := wire.SealJSON(testKey(station), 1, wire.Topic(station, kind), v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newID() string {
	id, _ := uuid.NewV7()
	return id.String()
}

func isKind(kind hardware.EventKind, command string) func(hardware.Event) bool {
	return func(ev hardware.Event) bool { return ev.Kind == kind && ev.CommandID == command }
}

func isDoor(station, compartment string, state hardware.DoorState, command string) func(hardware.Event) bool {
	return func(ev hardware.Event) bool {
		return ev.Kind == hardware.EventDoor && ev.StationID == station && ev.Compartment == compartment &&
			ev.Door == state && ev.CommandID == command
	}
}
