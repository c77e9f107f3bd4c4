package hardware

import (
	"context"
	"time"

	"lockers/internal/station"
)

// Reading is one temperature a compartment reported.
type Reading struct {
	At      time.Time
	Celsius float64
}

// Range is the band a compartment of a temperature class must stay in: the
// product's promise (station.Band), which customers are shown too. Neutral
// compartments have none and their readings are not kept.
func Range(temperature string) (lo, hi float64, ok bool) {
	b, known := station.Band(temperature)
	if !known || !b.Controlled {
		return 0, 0, false
	}
	return b.MinCelsius, b.MaxCelsius, true
}

// TemperatureStore reads a compartment's temperature log (part of Store).
type TemperatureStore interface {
	// Temperatures are the readings of an order locker's compartment between
	// from and to, oldest first, at most limit; and the compartment's class.
	Temperatures(ctx context.Context, orderLockerID string, from, to time.Time, limit int) (string, []Reading, error)
}

// MaxReadings bounds one temperature log (a minute apart: the last 16 hours).
const MaxReadings = 1000

// Temperatures is the temperature log of one of the user's rentals, from its
// start (or the newest MaxReadings) until now, with the compartment's class.
func (s *Service) Temperatures(ctx context.Context, userID, orderID, orderLockerID string) (string, []Reading, error) {
	t, err := s.owned(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return "", nil, err
	}
	to := t.End
	if now := s.now(); now.Before(to) {
		to = now
	}
	// Readings are stored only when they move (see ReadingEvery), so the last
	// one before the start still says what the temperature was at the start:
	// it opens the log, at the start.
	class, rs, err := s.store.Temperatures(ctx, orderLockerID, t.Start.Add(-ReadingEvery), to, MaxReadings)
	first := 0
	for i, r := range rs {
		if r.At.Before(t.Start) {
			first = i
			rs[i].At = t.Start
		}
	}
	return class, rs[first:], err
}
