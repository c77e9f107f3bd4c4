package stationsim

import (
	"context"
	"sync"
	"testing"
	"time"

	"lockers/internal/hardware"
)

// recorder is a sink that keeps what it was told.
type recorder struct {
	mu     sync.Mutex
	events []hardware.Event
}

func (r *recorder) Handle(_ context.Context, ev hardware.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, ev)
	return nil
}

func (r *recorder) kinds() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, ev := range r.events {
		k := string(ev.Kind)
		if ev.Kind == hardware.EventDoor {
			k += ":" + string(ev.Door)
		}
		out = append(out, k)
	}
	return out
}

func start(t *testing.T, o Options) (*Sim, *recorder) {
	t.Helper()
	s := New(o)
	r := &recorder{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = s.Run(ctx, r) }()
	t.Cleanup(func() { cancel(); <-done })
	return s, r
}

func waitFor(t *testing.T, r *recorder, want []string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		got := r.kinds()
		if equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("events %v, want %v", got, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

const station = "11111111-1111-4111-8111-000000000001"

func TestADoorOpensOnCommandAndClosesByItself(t *testing.T) {
	s, r := start(t, Options{CloseAfter: 30 * time.Millisecond})
	cmd := hardware.OpenCommand{ID: "c1", StationID: station, Compartment: "A01", Deadline: time.Now().Add(time.Second)}
	if err := s.Open(context.Background(), cmd); err != nil {
		t.Fatal(err)
	}
	waitFor(t, r, []string{"accepted", "door:open", "door:closed"})
	for _, ev := range r.events {
		if ev.ID == "" || ev.At.IsZero() || ev.CommandID != "c1" {
			t.Errorf("event %+v: want an id, a time and the command", ev)
		}
	}
}

func TestAJammedDoorIsAcceptedButNeverOpens(t *testing.T) {
	s, r := start(t, Options{CloseAfter: 10 * time.Millisecond})
	s.Jam(station, "A01", true)
	_ = s.Open(context.Background(), hardware.OpenCommand{ID: "c1", StationID: station, Compartment: "A01"})
	waitFor(t, r, []string{"accepted"})
	time.Sleep(50 * time.Millisecond)
	waitFor(t, r, []string{"accepted"})
}

func TestACommandPastItsDeadlineIsDropped(t *testing.T) {
	s, r := start(t, Options{})
	_ = s.Open(context.Background(), hardware.OpenCommand{ID: "late", StationID: station, Compartment: "A01", Deadline: time.Now().Add(-time.Second)})
	time.Sleep(50 * time.Millisecond)
	waitFor(t, r, nil)
}

func TestAnOfflineStationRefusesCommandsAndHeartbeatsStop(t *testing.T) {
	s, r := start(t, Options{HeartbeatEvery: 20 * time.Millisecond,
		Stations: func(context.Context) ([]string, error) { return []string{station}, nil }})
	time.Sleep(30 * time.Millisecond)
	s.SetOnline(station, false)
	if err := s.Open(context.Background(), hardware.OpenCommand{ID: "c", StationID: station, Compartment: "A01"}); err != hardware.ErrStationOffline {
		t.Fatalf("open at an offline station: %v", err)
	}
	time.Sleep(10 * time.Millisecond) // let the status event through
	n := len(r.kinds())
	time.Sleep(60 * time.Millisecond)
	if got := r.kinds(); len(got) != n || got[n-1] != "status" {
		t.Fatalf("after going offline: %v", got)
	}
}

func TestCooledAndWarmedCompartmentsReportTemperaturesInTheirRange(t *testing.T) {
	_, r := start(t, Options{TemperatureEvery: 5 * time.Millisecond,
		Compartments: func(context.Context) ([]Compartment, error) {
			return []Compartment{{station, "A01", "cool"}, {station, "A02", "neutral"}, {station, "A03", "warm"}}, nil
		}})
	deadline := time.Now().Add(2 * time.Second)
	for {
		r.mu.Lock()
		n := len(r.events)
		r.mu.Unlock()
		if n >= 40 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d readings in 2 s", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ev := range r.events {
		if ev.Kind != hardware.EventTemperature || ev.Compartment == "A02" {
			t.Fatalf("event %+v: only cool and warm compartments report", ev)
		}
		class := map[string]string{"A01": "cool", "A03": "warm"}[ev.Compartment]
		lo, hi, _ := hardware.Range(class)
		// Drift stays near the band (a few degrees of noise at most).
		if ev.Celsius < lo-5 || ev.Celsius > hi+5 {
			t.Errorf("%s reported %.1f °C, far outside %v-%v", ev.Compartment, ev.Celsius, lo, hi)
		}
	}
}
