package stationprog

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/eclipse/paho.golang/paho"

	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/station"
)

// telemetry publishes heartbeats and temperatures until ctx ends. Nothing is
// queued while disconnected: a missed heartbeat is the news.
func (s *Station) telemetry(ctx context.Context) {
	// A random phase spreads many stations over the period.
	hbPhase := time.Duration(rand.Int64N(int64(s.cfg.HeartbeatEvery)))
	tPhase := time.Duration(rand.Int64N(int64(s.cfg.TemperatureEvery)))
	hb := time.NewTimer(hbPhase)
	tt := time.NewTimer(tPhase)
	defer hb.Stop()
	defer tt.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-hb.C:
			hb.Reset(s.cfg.HeartbeatEvery)
			s.publishTelemetry(ctx, wire.Message{Type: wire.TypeHeartbeat})
		case <-tt.C:
			tt.Reset(s.cfg.TemperatureEvery)
			if len(s.cfg.Compartments) > 0 {
				s.publishTelemetry(ctx, wire.Message{Type: wire.TypeTemperature, Temperatures: s.driftTemperatures()})
			}
		}
	}
}

func (s *Station) publishTelemetry(ctx context.Context, m wire.Message) {
	s.mu.Lock()
	cm, up := s.cm, s.up
	s.mu.Unlock()
	if cm == nil || !up {
		return
	}
	m.ID = newID()
	payload, err := s.seal(wire.KindTelemetry, m)
	if err != nil {
		return
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := cm.Publish(pctx, &paho.Publish{QoS: 1, Topic: wire.Topic(s.id, wire.KindTelemetry), Payload: payload}); err != nil {
		s.log.Debug("stationprog: telemetry not published", "type", m.Type, "err", err)
	}
}

// baseCelsius: every fourth compartment is cooled, the others kept at room
// temperature; each settles in the middle of the product's promised band
// (station.Band), so a warmed compartment's reading raises no alarm.
func baseCelsius(i int) float64 {
	class := "warm"
	if i%4 == 0 {
		class = "cool"
	}
	b, _ := station.Band(class)
	return b.Target()
}

// driftTemperatures moves each compartment's temperature a little (a random
// walk pulled back to its base) and returns the readings.
func (s *Station) driftTemperatures() []wire.Reading {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]wire.Reading, len(s.temps))
	for i, c := range s.temps {
		base := baseCelsius(i)
		c += (s.rng.Float64()-0.5)*0.6 + (base-c)*0.1
		s.temps[i] = c
		out[i] = wire.Reading{Compartment: s.cfg.Compartments[i], Celsius: float64(int(c*10)) / 10}
	}
	return out
}

// SetTemperature forces a compartment's temperature (an alarm drill); the
// next reading drifts from there.
func (s *Station) SetTemperature(compartment string, celsius float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, c := range s.cfg.Compartments {
		if c == compartment {
			s.temps[i] = celsius
		}
	}
}
