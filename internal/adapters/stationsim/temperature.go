package stationsim

import (
	"context"
	"math/rand/v2"

	"lockers/internal/hardware"
)

// Compartment is a simulated compartment that reports its temperature.
type Compartment struct {
	StationID   string
	Label       string
	Temperature string // cool, neutral, warm (neutral ones report nothing)
}

// temperatures sends one reading per cooled or warmed compartment: each
// drifts around the middle of its class's range with a little noise, and now
// and then a little further, as a real fridge does.
func (s *Sim) temperatures(ctx context.Context) {
	if s.opts.Compartments == nil {
		return
	}
	cs, err := s.opts.Compartments(ctx)
	if err != nil {
		s.opts.Logger.Warn("simulated stations: cannot list compartments", "err", err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range cs {
		lo, hi, ok := hardware.Range(c.Temperature)
		if !ok || s.offline[c.StationID] {
			continue
		}
		d := door{c.StationID, c.Label}
		mid := (lo + hi) / 2
		t, seen := s.celsius[d]
		if !seen {
			t = mid
		}
		t += (mid-t)*0.2 + rand.NormFloat64()*(hi-lo)/20
		s.celsius[d] = t
		s.emit(hardware.Event{StationID: c.StationID, Kind: hardware.EventTemperature, Compartment: c.Label, Celsius: round1(t)})
	}
}

func round1(x float64) float64 {
	if x < 0 {
		return -float64(int(-x*10+0.5)) / 10
	}
	return float64(int(x*10+0.5)) / 10
}
