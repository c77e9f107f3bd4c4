// Package hardwaretest holds what tests of the station side share: a sink that records the
// hardware events a controller or simulator hands the domain.
package hardwaretest

import (
	"context"
	"sync"

	"lockers/internal/hardware"
)

// Recorder is a hardware.Sink that keeps every event it is handed, in order, and wakes a
// test waiting on Changed at each one, so a test waits for an event rather than for time.
type Recorder struct {
	mu      sync.Mutex
	events  []hardware.Event
	changed chan struct{}
}

// NewRecorder makes an empty recorder.
func NewRecorder() *Recorder { return &Recorder{changed: make(chan struct{}, 1)} }

// Handle records ev.
func (r *Recorder) Handle(_ context.Context, ev hardware.Event) error {
	r.mu.Lock()
	r.events = append(r.events, ev)
	r.mu.Unlock()
	select {
	case r.changed <- struct{}{}:
	default:
	}
	return nil
}

// Events is a copy of the events recorded so far.
func (r *Recorder) Events() []hardware.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]hardware.Event(nil), r.events...)
}

// Count is how many recorded events match.
func (r *Recorder) Count(match func(hardware.Event) bool) int {
	n := 0
	for _, ev := range r.Events() {
		if match(ev) {
			n++
		}
	}
	return n
}

// Changed receives after an event was recorded (one wake-up for any number of events).
func (r *Recorder) Changed() <-chan struct{} { return r.changed }
