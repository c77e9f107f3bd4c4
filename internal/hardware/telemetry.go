package hardware

import (
	"context"
	"errors"
	"math"
	"sync"
	"time"
)

// Telemetry thinning: heartbeats and temperatures are most of what stations
// send (at 1,000 stations × 24 compartments, 100 heartbeats and 400 readings
// a second), and nearly all of it repeats what is stored. Only what changes
// something is written.
const (
	// HeartbeatWrite: a heartbeat of a station known online is written at
	// most this often (its last-seen time is that coarse).
	HeartbeatWrite = time.Minute
	// ReadingStep and ReadingEvery: a reading is stored when it moved this
	// much from the last stored one, or this long after it, or when it
	// crosses its band's edge; the chart loses nothing it could show.
	ReadingStep  = 0.5
	ReadingEvery = 10 * time.Minute
)

// telemetry is what the service remembers of recent heartbeats and readings
// (one entry per station and per cooled or warmed compartment: flat memory).
type telemetry struct {
	mu       sync.Mutex
	stations map[string]time.Time       // station → last heartbeat written while online
	lockers  map[compartment]*compState // compartment → its readings
}

type compartment struct{ station, label string }

type compState struct {
	class      string // "" until known; "neutral" (or unknown) reports nothing kept
	lo, hi     float64
	banded     bool
	last       Reading // the last stored reading
	stored     bool
	outSince   time.Time // start of the current run of out-of-range readings
	raised     bool      // this run's alarm is recorded
	endPending bool      // an alarm may be open (raised here, or before a restart)
}

func newTelemetry() *telemetry {
	return &telemetry{stations: map[string]time.Time{}, lockers: map[compartment]*compState{}}
}

// heartbeat reports whether a heartbeat must be written; status events
// (online or not) always are: online counts as a heartbeat written, offline
// makes the next heartbeat be written.
func (t *telemetry) heartbeat(ev Event) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if ev.Kind == EventStatus {
		if ev.Online {
			t.stations[ev.StationID] = ev.At
		} else {
			delete(t.stations, ev.StationID)
		}
		return true
	}
	last, ok := t.stations[ev.StationID]
	if ok && ev.At.Sub(last) < HeartbeatWrite && !ev.At.Before(last) {
		return false
	}
	t.stations[ev.StationID] = ev.At
	return true
}

// temperature handles one reading: stores it when it tells something new,
// and raises or ends the compartment's temperature alarm.
func (s *Service) temperature(ctx context.Context, ev Event) error {
	key := compartment{ev.StationID, ev.Compartment}
	t := s.tele
	t.mu.Lock()
	st, ok := t.lockers[key]
	t.mu.Unlock()
	if !ok {
		class, err := s.store.CompartmentClass(ctx, ev.StationID, ev.Compartment)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		st = &compState{class: class, endPending: true}
		st.lo, st.hi, st.banded = Range(class)
		t.mu.Lock()
		if prev, ok := t.lockers[key]; ok {
			st = prev
		} else {
			t.lockers[key] = st
		}
		t.mu.Unlock()
	}
	if !st.banded {
		return nil // a neutral or unknown compartment: no band, no chart
	}

	t.mu.Lock()
	in := ev.Celsius >= st.lo && ev.Celsius <= st.hi
	late := st.stored && ev.At.Before(st.last.At)
	store := !st.stored || late || math.Abs(ev.Celsius-st.last.Celsius) >= ReadingStep ||
		ev.At.Sub(st.last.At) >= ReadingEvery || in != (st.last.Celsius >= st.lo && st.last.Celsius <= st.hi)
	var raise, end bool
	if !late {
		if store {
			st.last, st.stored = Reading{At: ev.At, Celsius: ev.Celsius}, true
		}
		switch {
		case in:
			end = st.endPending
			st.outSince, st.raised, st.endPending = time.Time{}, false, false
		case st.outSince.IsZero():
			st.outSince = ev.At
		}
		if !in && !st.raised && ev.At.Sub(st.outSince) >= TemperatureGrace {
			raise, st.raised, st.endPending = true, true, true
		}
	}
	t.mu.Unlock()

	if store {
		if _, err := s.store.Apply(ctx, ev, s.now()); err != nil {
			return err
		}
	}
	switch {
	case raise:
		r, ok, err := s.store.RaiseTemperature(ctx, ev.StationID, ev.Compartment, ev.At)
		if err != nil {
			t.mu.Lock()
			st.raised = false // try again with the next reading
			t.mu.Unlock()
			return err
		}
		if ok {
			s.logAlarm(ctx, r)
		}
	case end:
		return s.store.EndTemperature(ctx, ev.StationID, ev.Compartment, ev.At)
	}
	return nil
}
