package mqttctl

import (
	"time"

	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

// toEvents maps one station message to the hardware events it stands for.
// A temperature message becomes one event per compartment; their ids are the
// message id and the compartment, so a repeated message repeats the same ids.
// A message without a time (a Last Will) takes received.
func toEvents(station string, m wire.Message, received time.Time) []hardware.Event {
	at := m.At
	if at.IsZero() {
		at = received
	}
	base := hardware.Event{ID: m.ID, StationID: station, At: at}
	switch m.Type {
	case wire.TypeTemperature:
		evs := make([]hardware.Event, 0, len(m.Temperatures))
		for _, r := range m.Temperatures {
			ev := base
			ev.ID = m.ID + "/" + r.Compartment
			ev.Kind = hardware.EventTemperature
			ev.Compartment = r.Compartment
			ev.Celsius = r.Celsius
			evs = append(evs, ev)
		}
		return evs
	case wire.TypeStatus:
		base.Kind = hardware.EventStatus
		base.Online = m.State == wire.StateOnline
	case wire.TypeHeartbeat:
		base.Kind = hardware.EventHeartbeat
	default:
		// accepted, rejected, door, code, offline_pin, alarm: the wire type is the event kind.
		base.Kind = hardware.EventKind(m.Type)
		base.CommandID = m.CommandID
		base.Compartment = m.Compartment
		base.Door = hardware.DoorState(m.Door)
		base.Code = m.Code
		base.Alarm = hardware.Alarm(m.Alarm)
		base.Detail = m.Detail
	}
	return []hardware.Event{base}
}

// toCommand is the wire form of an open command.
func toCommand(cmd hardware.OpenCommand) wire.Command {
	return wire.Command{
		ID:          cmd.ID,
		Type:        wire.CmdOpen,
		At:          cmd.IssuedAt.UTC(),
		Deadline:    cmd.Deadline.UTC(),
		Compartment: cmd.Compartment,
		Reason:      string(cmd.Reason),
	}
}
