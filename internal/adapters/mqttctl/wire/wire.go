// Package wire is the station protocol over MQTT as bytes: the topics and the
// JSON messages that lockerd (internal/adapters/mqttctl) and a station
// (a real cabinet or the station program) exchange. Both sides import it, so
// the protocol has one definition.
//
// Topics, per station:
//
//	lockers/{stationId}/cmd        commands to the station (open, windows)
//	lockers/{stationId}/evt        what the station did (accepted, rejected, door, code, offline_pin, alarm)
//	lockers/{stationId}/status     online/offline, retained; offline is the connection's Last Will
//	lockers/{stationId}/telemetry  heartbeats and temperatures
//
// Every message is QoS 1 and carries an `id` (UUIDv7) so a receiver drops the
// repeats that at-least-once delivery brings, the time `at` it was made and
// the `station` it is of; every payload is a signed envelope (sign.go).
package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// Root is the first level of every topic.
const Root = "lockers"

// The last level of a station's topics.
const (
	KindCmd       = "cmd"
	KindEvt       = "evt"
	KindStatus    = "status"
	KindTelemetry = "telemetry"
)

// Topic is lockers/{station}/{kind}.
func Topic(station, kind string) string { return Root + "/" + station + "/" + kind }

// AllStations is the subscription filter of one kind for every station.
func AllStations(kind string) string { return Root + "/+/" + kind }

// ParseTopic splits lockers/{station}/{kind}; ok is false for any other shape.
func ParseTopic(topic string) (station, kind string, ok bool) {
	parts := strings.Split(topic, "/")
	if len(parts) != 3 || parts[0] != Root || !ValidStationID(parts[1]) {
		return "", "", false
	}
	switch parts[2] {
	case KindCmd, KindEvt, KindStatus, KindTelemetry:
		return parts[1], parts[2], true
	}
	return "", "", false
}

// ValidStationID: a station id is one topic level (no '/', '+', '#', no NUL)
// of at most 128 bytes, so it can never widen a subscription or a topic.
func ValidStationID(id string) bool {
	return id != "" && len(id) <= 128 && !strings.ContainsAny(id, "/+#\x00")
}

// Command types.
const (
	CmdOpen    = "open"
	CmdWindows = "windows"
)

// Command is a message on lockers/{station}/cmd.
type Command struct {
	ID       string    `json:"id"`
	Type     string    `json:"type"`
	Station  string    `json:"station"` // the station it is for: another station refuses it
	At       time.Time `json:"at"`
	Deadline time.Time `json:"deadline"` // a station drops the command when it arrives later; at most MaxCommandLife after At
	// open
	Compartment string `json:"compartment,omitempty"`
	Reason      string `json:"reason,omitempty"`
	// windows: the rental windows the station may open by offline PIN (no PINs, only windows)
	Windows []Window `json:"windows,omitempty"`
}

// Window is one rental window of a compartment.
type Window struct {
	Compartment string    `json:"compartment"`
	From        time.Time `json:"from"`
	To          time.Time `json:"to"`
}

// Message types on evt, status and telemetry.
const (
	TypeAccepted    = "accepted"
	TypeRejected    = "rejected"
	TypeRefused     = "refused" // a command the station would not trust (Detail: a Refusal); nothing ran
	TypeDoor        = "door"
	TypeCode        = "code"
	TypeOfflinePIN  = "offline_pin"
	TypeAlarm       = "alarm"
	TypeStatus      = "status"
	TypeHeartbeat   = "heartbeat"
	TypeTemperature = "temperature"
)

// Status states.
const (
	StateOnline  = "online"
	StateOffline = "offline"
)

// Refusals: why a station refused a command (a refused event's detail).
const (
	RefusedUnsigned     = "unsigned"      // no envelope
	RefusedBadMAC       = "bad_mac"       // the signature does not verify with the station's key
	RefusedOtherStation = "other_station" // signed, but for another station
	RefusedExpired      = "expired"       // past its deadline, or a deadline beyond MaxCommandLife
	RefusedReplayed     = "replayed"      // its id was run already
	RefusedMalformed    = "malformed"     // verified, but not a command of this protocol
)

// Message is what a station publishes on evt, status or telemetry. Only the
// fields of its Type are set. A temperature message carries every reporting
// compartment of the station at once (one message a minute, not one per door).
type Message struct {
	ID           string    `json:"id"`
	Type         string    `json:"type"`
	Station      string    `json:"station"`        // the station that made it: the topic's
	At           time.Time `json:"at"`             // when it was made; a Last Will's is its connection's start
	Conn         string    `json:"conn,omitempty"` // status: the connection it belongs to (online and its Last Will share it)
	CommandID    string    `json:"command_id,omitempty"`
	Compartment  string    `json:"compartment,omitempty"`
	Door         string    `json:"door,omitempty"`
	Code         string    `json:"code,omitempty"`
	Alarm        string    `json:"alarm,omitempty"`
	Detail       string    `json:"detail,omitempty"`
	State        string    `json:"state,omitempty"`
	Temperatures []Reading `json:"temperatures,omitempty"`
}

// Reading is one compartment's temperature.
type Reading struct {
	Compartment string  `json:"compartment"`
	Celsius     float64 `json:"celsius"`
}

// MaxPayload bounds what a receiver decodes: a station with 100 compartments
// fits easily; anything larger is malformed.
const MaxPayload = 64 << 10

// ErrMalformed: the payload is not a message of this protocol.
var ErrMalformed = errors.New("wire: malformed message")

// DecodeMessage parses and checks a station message arriving on kind's topic.
// Errors never quote the payload (it may hold a keypad code).
func DecodeMessage(kind string, payload []byte) (Message, error) {
	var m Message
	if len(payload) > MaxPayload {
		return m, fmt.Errorf("%w: %d bytes", ErrMalformed, len(payload))
	}
	if err := json.Unmarshal(payload, &m); err != nil {
		return Message{}, fmt.Errorf("%w: not JSON of a message", ErrMalformed)
	}
	if !validID(m.ID) {
		return Message{}, fmt.Errorf("%w: missing or bad id", ErrMalformed)
	}
	if m.At.IsZero() || !ValidStationID(m.Station) {
		return Message{}, fmt.Errorf("%w: missing time or station", ErrMalformed)
	}
	if !typeAllowed(kind, m.Type) {
		return Message{}, fmt.Errorf("%w: type %q on %s", ErrMalformed, clip(m.Type), kind)
	}
	switch m.Type {
	case TypeRefused:
		if m.Detail == "" {
			return Message{}, fmt.Errorf("%w: refused without detail", ErrMalformed)
		}
	case TypeAccepted, TypeRejected:
		if m.CommandID == "" {
			return Message{}, fmt.Errorf("%w: %s without command_id", ErrMalformed, m.Type)
		}
	case TypeDoor:
		if m.Compartment == "" || (m.Door != "open" && m.Door != "closed") {
			return Message{}, fmt.Errorf("%w: door without compartment or state", ErrMalformed)
		}
	case TypeCode:
		if m.Code == "" {
			return Message{}, fmt.Errorf("%w: code without code", ErrMalformed)
		}
	case TypeOfflinePIN:
		if m.Compartment == "" {
			return Message{}, fmt.Errorf("%w: offline_pin without compartment", ErrMalformed)
		}
	case TypeAlarm:
		if m.Alarm == "" {
			return Message{}, fmt.Errorf("%w: alarm without alarm", ErrMalformed)
		}
	case TypeStatus:
		if m.State != StateOnline && m.State != StateOffline {
			return Message{}, fmt.Errorf("%w: status without state", ErrMalformed)
		}
	case TypeTemperature:
		if len(m.Temperatures) == 0 {
			return Message{}, fmt.Errorf("%w: temperature without readings", ErrMalformed)
		}
		for _, r := range m.Temperatures {
			if r.Compartment == "" || math.IsNaN(r.Celsius) || math.IsInf(r.Celsius, 0) || math.Abs(r.Celsius) > 200 {
				return Message{}, fmt.Errorf("%w: bad temperature reading", ErrMalformed)
			}
		}
	}
	return m, nil
}

// DecodeCommand parses and checks a command.
func DecodeCommand(payload []byte) (Command, error) {
	var c Command
	if len(payload) > MaxPayload {
		return c, fmt.Errorf("%w: %d bytes", ErrMalformed, len(payload))
	}
	if err := json.Unmarshal(payload, &c); err != nil {
		return Command{}, fmt.Errorf("%w: not JSON of a command", ErrMalformed)
	}
	if !validID(c.ID) || c.Deadline.IsZero() || c.At.IsZero() || !ValidStationID(c.Station) {
		return Command{}, fmt.Errorf("%w: command without id, station, time or deadline", ErrMalformed)
	}
	switch c.Type {
	case CmdOpen:
		if c.Compartment == "" {
			return Command{}, fmt.Errorf("%w: open without compartment", ErrMalformed)
		}
	case CmdWindows:
	default:
		return Command{}, fmt.Errorf("%w: command type %q", ErrMalformed, clip(c.Type))
	}
	return c, nil
}

func typeAllowed(kind, typ string) bool {
	switch kind {
	case KindEvt:
		switch typ {
		case TypeAccepted, TypeRejected, TypeRefused, TypeDoor, TypeCode, TypeOfflinePIN, TypeAlarm:
			return true
		}
	case KindStatus:
		return typ == TypeStatus
	case KindTelemetry:
		return typ == TypeHeartbeat || typ == TypeTemperature
	}
	return false
}

// validID: ids are UUIDs in practice; anything printable up to 64 bytes is
// accepted so a station firmware may use its own scheme.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if r <= ' ' || r > '~' {
			return false
		}
	}
	return true
}

func clip(s string) string {
	if len(s) > 32 {
		return s[:32] + "…"
	}
	return s
}
