package stationsim

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaretest"
)

// recorder is a sink that keeps what it was told and says when it was told.
type recorder struct{ *hardwaretest.Recorder }

func newRecorder() *recorder { return &recorder{hardwaretest.NewRecorder()} }

func (r *recorder) kinds() []string {
	var out []string
	for _, ev := range r.Events() {
		k := string(ev.Kind)
		switch ev.Kind {
		case hardware.EventDoor:
			k += ":" + string(ev.Door)
		case hardware.EventHeartbeat, hardware.EventStatus:
			k += ":" + ev.StationID
		}
		out = append(out, k)
	}
	return out
}

// waitUntil returns once the events delivered so far satisfy done. It wakes
// on each delivery; the deadline only keeps a broken simulator from hanging
// the run.
func (r *recorder) waitUntil(t *testing.T, done func([]string) bool) []string {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		if got := r.kinds(); done(got) {
			return got
		}
		select {
		case <-r.Changed():
		case <-deadline:
			t.Fatalf("events %v: the awaited one never came", r.kinds())
		}
	}
}

// waitFor waits until the events are exactly want.
func (r *recorder) waitFor(t *testing.T, want ...string) {
	t.Helper()
	r.waitUntil(t, func(got []string) bool { return len(got) >= len(want) })
	if got := r.kinds(); !slices.Equal(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
}

// fakeTimers are timers the test fires: pending AfterFuncs run on Fire, and
// each Tick channel takes a value when the test sends one.
type fakeTimers struct {
	mu      sync.Mutex
	pending []*fakeTimer
	ticks   map[time.Duration]chan time.Time
	made    chan struct{} // one value per Tick: Run has made its tickers
}

type fakeTimer struct {
	f       func()
	stopped bool
}

func newFakeTimers() *fakeTimers {
	return &fakeTimers{ticks: map[time.Duration]chan time.Time{}, made: make(chan struct{}, 2)}
}

func (f *fakeTimers) AfterFunc(_ time.Duration, fn func()) func() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := &fakeTimer{f: fn}
	f.pending = append(f.pending, t)
	return func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// Fire runs every timer that is due by now (all of them: the test decides
// that the time has come) and reports how many ran.
func (f *fakeTimers) Fire() int {
	f.mu.Lock()
	due := f.pending
	f.pending = nil
	f.mu.Unlock()
	n := 0
	for _, t := range due {
		f.mu.Lock()
		run := !t.stopped
		t.stopped = true
		f.mu.Unlock()
		if run {
			t.f()
			n++
		}
	}
	return n
}

func (f *fakeTimers) Tick(d time.Duration) (<-chan time.Time, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := make(chan time.Time) // unbuffered: a send returns when Run took it
	f.ticks[d] = c
	f.made <- struct{}{}
	return c, func() {}
}

// tick sends one tick of the ticker made for d. Sending it twice makes sure
// Run has finished the work of the first before the test goes on.
func (f *fakeTimers) tick(t *testing.T, d time.Duration) {
	t.Helper()
	f.mu.Lock()
	c := f.ticks[d]
	f.mu.Unlock()
	select {
	case c <- time.Now():
	case <-time.After(10 * time.Second):
		t.Fatalf("nobody took the %s tick", d)
	}
}

func start(t *testing.T, o Options) (*Sim, *recorder, *fakeTimers) {
	t.Helper()
	timers := newFakeTimers()
	if o.HeartbeatEvery == 0 {
		o.HeartbeatEvery = 10 * time.Second
	}
	if o.TemperatureEvery == 0 {
		o.TemperatureEvery = time.Minute
	}
	o.Timers = timers
	s := New(o)
	r := newRecorder()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = s.Run(ctx, r) }()
	t.Cleanup(func() { cancel(); <-done })
	for range 2 { // the heartbeat and temperature tickers
		<-timers.made
	}
	return s, r, timers
}

const (
	station = "11111111-1111-4111-8111-000000000001"
	other   = "11111111-1111-4111-8111-000000000002"
)

// marker is an event that comes after everything emitted before it: the
// simulator delivers its events in order, so once the marker is there, any
// event the step before it caused is there too.
func marker(s *Sim) { s.SetOnline(other, true) }

const markerKind = "status:" + other

func TestADoorOpensOnCommandAndClosesByItself(t *testing.T) {
	s, r, timers := start(t, Options{})
	cmd := hardware.OpenCommand{ID: "c1", StationID: station, Compartment: "A01", Deadline: time.Now().Add(time.Minute)}
	if err := s.Open(context.Background(), cmd); err != nil {
		t.Fatal(err)
	}
	r.waitFor(t, "accepted", "door:open")
	if n := timers.Fire(); n != 1 {
		t.Fatalf("%d closing timers ran, want 1", n)
	}
	r.waitFor(t, "accepted", "door:open", "door:closed")
	for _, ev := range r.Events() {
		if ev.ID == "" || ev.At.IsZero() || ev.CommandID != "c1" {
			t.Errorf("event %+v: want an id, a time and the command", ev)
		}
	}
}

// Opening a door that is open already keeps it open: the first closing timer
// is stopped and the second closes it.
func TestOpeningAnOpenDoorRestartsItsTimer(t *testing.T) {
	s, r, timers := start(t, Options{})
	for _, id := range []string{"c1", "c2"} {
		_ = s.Open(context.Background(), hardware.OpenCommand{ID: id, StationID: station, Compartment: "A01"})
	}
	if n := timers.Fire(); n != 1 {
		t.Fatalf("%d closing timers ran, want 1 (the first was stopped)", n)
	}
	r.waitFor(t, "accepted", "door:open", "accepted", "door:open", "door:closed")
}

func TestAJammedDoorIsAcceptedButNeverOpens(t *testing.T) {
	s, r, timers := start(t, Options{})
	s.Jam(station, "A01", true)
	_ = s.Open(context.Background(), hardware.OpenCommand{ID: "c1", StationID: station, Compartment: "A01"})
	if n := timers.Fire(); n != 0 {
		t.Fatalf("a jammed door started %d closing timers", n)
	}
	marker(s)
	r.waitFor(t, "accepted", markerKind)
}

func TestACommandPastItsDeadlineIsDropped(t *testing.T) {
	s, r, _ := start(t, Options{})
	_ = s.Open(context.Background(), hardware.OpenCommand{ID: "late", StationID: station, Compartment: "A01", Deadline: time.Now().Add(-time.Second)})
	marker(s)
	r.waitFor(t, markerKind)
}

func TestAnOfflineStationRefusesCommandsAndHeartbeatsStop(t *testing.T) {
	// The offline station is listed first: its heartbeat, were it sent, would
	// come before the online one's of the same beat.
	s, r, timers := start(t, Options{Stations: func(context.Context) ([]string, error) { return []string{station, other}, nil }})
	r.waitFor(t, "heartbeat:"+station, "heartbeat:"+other) // the beat at start
	s.SetOnline(station, false)
	if err := s.Open(context.Background(), hardware.OpenCommand{ID: "c", StationID: station, Compartment: "A01"}); err != hardware.ErrStationOffline {
		t.Fatalf("open at an offline station: %v", err)
	}
	timers.tick(t, 10*time.Second)
	r.waitFor(t, "heartbeat:"+station, "heartbeat:"+other, "status:"+station, "heartbeat:"+other)
	s.SetOnline(station, true)
	timers.tick(t, 10*time.Second)
	r.waitFor(t, "heartbeat:"+station, "heartbeat:"+other, "status:"+station, "heartbeat:"+other,
		"status:"+station, "heartbeat:"+station, "heartbeat:"+other)
}

func TestCooledAndWarmedCompartmentsReportTemperaturesInTheirRange(t *testing.T) {
	_, r, timers := start(t, Options{Compartments: func(context.Context) ([]Compartment, error) {
		return []Compartment{{station, "A01", "cool"}, {station, "A02", "neutral"}, {station, "A03", "warm"}}, nil
	}})
	const reports = 20 // and the one at start
	for range reports {
		timers.tick(t, time.Minute)
	}
	r.waitUntil(t, func(got []string) bool { return len(got) == 2*(reports+1) })
	for _, ev := range r.Events() {
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
