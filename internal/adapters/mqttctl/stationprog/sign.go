package stationprog

import (
	"encoding/json"
	"errors"
	"time"

	"lockers/internal/adapters/mqttctl/wire"
)

// Credentials are what a cabinet is provisioned with (lockerd
// station-credentials): the key it signs with and the generation of that key,
// and its broker password (the user name is the station id).
type Credentials struct {
	Gen            int
	Key            []byte
	BrokerPassword string // empty: the broker URL's login, if any
}

// keys is what a station holds: its current credentials and, after a
// rotation, the previous ones, whose key still verifies commands lockerd
// signed before it heard the new generation.
type keys struct {
	cur, prev Credentials
}

// SetCredentials gives the station new credentials (a rotation, or a
// re-provisioning after a revocation): it signs with them from now on, still
// takes commands signed with the previous key, and logs in to the broker with
// the new password from its next connection.
func (s *Station) SetCredentials(c Credentials) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keys.prev, s.keys.cur = s.keys.cur, c
}

// seal signs a message for one of the station's topics.
func (s *Station) seal(kind string, m wire.Message) ([]byte, error) {
	s.mu.Lock()
	c := s.keys.cur
	s.mu.Unlock()
	m.Station = s.id
	if m.At.IsZero() {
		m.At = time.Now().UTC()
	}
	return wire.SealJSON(c.Key, c.Gen, wire.Topic(s.id, kind), m)
}

// refusal is why a command was not run ("" when it may run).
func (s *Station) verifyCommand(payload []byte, now time.Time) (wire.Command, string) {
	topic := wire.Topic(s.id, wire.KindCmd)
	s.mu.Lock()
	k := s.keys
	s.mu.Unlock()
	msg, _, err := wire.Unseal(payload, topic, func(gen int) []byte {
		switch gen {
		case k.cur.Gen:
			return k.cur.Key
		case k.prev.Gen:
			return k.prev.Key
		}
		return nil
	})
	switch {
	case errors.Is(err, wire.ErrUnsigned):
		return wire.Command{}, wire.RefusedUnsigned
	case err != nil:
		return wire.Command{}, wire.RefusedBadMAC
	}
	cmd, err := wire.DecodeCommand(msg)
	if err != nil {
		var c wire.Command
		_ = json.Unmarshal(msg, &c)
		return c, wire.RefusedMalformed
	}
	switch {
	case cmd.Station != s.id:
		return cmd, wire.RefusedOtherStation
	case !now.Before(cmd.Deadline) || cmd.Deadline.Sub(cmd.At) > wire.MaxCommandLife:
		return cmd, wire.RefusedExpired
	}
	return cmd, ""
}

// Refusals are reported at most refusalBurst per refusalWindow (the rest
// only counted), so a flood of forged commands does not become a flood of
// events.
const (
	refusalBurst  = 20
	refusalWindow = time.Minute
)

// refuse counts a refused command and reports it as a `refused` event.
func (s *Station) refuse(cmd wire.Command, why string) {
	s.refused.Add(1)
	now := time.Now()
	s.mu.Lock()
	if now.Sub(s.refusalsFrom) >= refusalWindow {
		s.refusalsFrom, s.refusals = now, 0
	}
	s.refusals++
	report := s.refusals <= refusalBurst
	s.mu.Unlock()
	s.log.Warn("stationprog: command refused", "reason", why, "type", cmd.Type)
	if report {
		s.publishEvent(wire.Message{Type: wire.TypeRefused, CommandID: cmd.ID, Compartment: cmd.Compartment, Detail: why})
	}
}
