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
			if len(s.sensors) > 0 {
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
		return
	}
	if m.Type == wire.TypeHeartbeat {
		s.heartbeats.Add(1)
	}
}

// sensor is a cooled or warmed compartment's thermometer.
type sensor struct {
	label   string
	target  float64 // the middle of its class's band: where it settles
	celsius float64
}

// sensorsOf lists a station's thermometers: its layout's cooled and warmed
// compartments, or, without a layout, the default labels with every fourth
// cooled and the others warmed. Each starts at, and drifts around, the middle
// of its class's band (station.Band), so a working compartment never reads
// outside what its product promises.
func sensorsOf(id string, cfg *Config) []sensor {
	layout, ok := cfg.Layout[id]
	if !ok {
		for i, label := range cfg.Compartments {
			class := "warm"
			if i%4 == 0 {
				class = "cool"
			}
			layout = append(layout, Compartment{Label: label, Temperature: class})
		}
	}
	var out []sensor
	for _, c := range layout {
		if b, ok := station.Band(c.Temperature); ok && b.Controlled {
			out = append(out, sensor{label: c.Label, target: b.Target(), celsius: b.Target()})
		}
	}
	return out
}

// driftTemperatures moves each compartment's temperature a little (a random
// walk pulled back to its target) and returns the readings.
func (s *Station) driftTemperatures() []wire.Reading {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]wire.Reading, len(s.sensors))
	for i := range s.sensors {
		c := &s.sensors[i]
		c.celsius += (s.rng.Float64()-0.5)*0.6 + (c.target-c.celsius)*0.1
		out[i] = wire.Reading{Compartment: c.label, Celsius: float64(int(c.celsius*10)) / 10}
	}
	return out
}

// SetTemperature forces a compartment's temperature (an alarm drill); the
// next reading drifts from there.
func (s *Station) SetTemperature(compartment string, celsius float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.sensors {
		if s.sensors[i].label == compartment {
			s.sensors[i].celsius = celsius
		}
	}
}
