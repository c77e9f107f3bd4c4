package stationprog

import (
	"time"

	"lockers/internal/adapters/mqttctl/wire"
)

// handleCommand runs one command from lockers/{id}/cmd, if it can be
// trusted: signed with the station's key, for this station, before its
// deadline (at most wire.MaxCommandLife after it was made) and never run
// before. Anything else is refused, reported as a `refused` event, and no
// door moves. A repeated id (QoS 1 may deliver twice) is refused as replayed.
func (s *Station) handleCommand(payload []byte) {
	cmd, why := s.verifyCommand(payload, time.Now())
	if why == "" {
		s.mu.Lock()
		repeated := s.seenCmds.seenOrAdd(cmd.ID)
		s.mu.Unlock()
		if repeated {
			s.repeated.Add(1)
			why = wire.RefusedReplayed
		}
	}
	if why == wire.RefusedExpired {
		s.late.Add(1)
	}
	if why != "" {
		s.refuse(cmd, why)
		return
	}
	switch cmd.Type {
	case wire.CmdOpen:
		s.opens.Add(1)
		s.publishEvent(wire.Message{Type: wire.TypeAccepted, CommandID: cmd.ID, Compartment: cmd.Compartment})
		s.openDoor(cmd.Compartment, cmd.ID, "")
	case wire.CmdWindows:
		s.SetWindows(cmd.Windows)
	}
}

// openDoor opens a door (unless it is jammed), reports the sensor, and closes
// it after cfg.DoorOpenFor. Opening an open door restarts its timer. A door
// opened for no command says why in detail (an offline PIN), or lockerd
// takes it for an unexpected opening.
func (s *Station) openDoor(compartment, commandID, detail string) {
	s.mu.Lock()
	d := s.door(compartment)
	if d.jammed {
		s.mu.Unlock()
		return
	}
	d.open = true
	d.commandID = commandID
	if d.timer != nil {
		d.timer.Stop()
	}
	d.timer = time.AfterFunc(s.cfg.DoorOpenFor, func() { s.closeDoor(compartment) })
	s.mu.Unlock()
	s.publishEvent(wire.Message{Type: wire.TypeDoor, Compartment: compartment, Door: "open", CommandID: commandID, Detail: detail})
}

func (s *Station) closeDoor(compartment string) {
	s.mu.Lock()
	d := s.door(compartment)
	if !d.open {
		s.mu.Unlock()
		return
	}
	d.open = false
	commandID := d.commandID
	s.mu.Unlock()
	s.publishEvent(wire.Message{Type: wire.TypeDoor, Compartment: compartment, Door: "closed", CommandID: commandID})
}

// door returns the door of a label, creating it; s.mu must be held.
func (s *Station) door(compartment string) *door {
	d := s.doors[compartment]
	if d == nil {
		d = &door{}
		s.doors[compartment] = d
	}
	return d
}

// DoorOpen reports the sensor of a door.
func (s *Station) DoorOpen(compartment string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.doors[compartment]
	return d != nil && d.open
}

// ForceDoor opens a door with no command (a break-in, a broken lock): the
// sensor reports it open and lockerd raises an unexpected-opening alarm.
func (s *Station) ForceDoor(compartment string) { s.openDoor(compartment, "", "") }

// CloseDoor closes a door now (someone pushed it shut).
func (s *Station) CloseDoor(compartment string) { s.closeDoor(compartment) }

// Jam makes a door take commands but never open (a broken lock), for the
// self-repair path.
func (s *Station) Jam(compartment string, jammed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.door(compartment).jammed = jammed
}

// SetWindows replaces the rental windows the station opens by offline PIN.
func (s *Station) SetWindows(ws []wire.Window) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.windows = append([]wire.Window(nil), ws...)
}

// recent is a bounded set of recent command ids.
type recent struct {
	set  map[string]struct{}
	ring []string
	next int
}

func newRecent(n int) *recent {
	return &recent{set: make(map[string]struct{}, n), ring: make([]string, n)}
}

// seenOrAdd reports whether id was seen, remembering it; callers hold s.mu.
func (r *recent) seenOrAdd(id string) bool {
	if _, ok := r.set[id]; ok {
		return true
	}
	if old := r.ring[r.next]; old != "" {
		delete(r.set, old)
	}
	r.ring[r.next] = id
	r.set[id] = struct{}{}
	r.next = (r.next + 1) % len(r.ring)
	return false
}

// Counts of what the station did with commands, for tests and load runs.
type Counts struct {
	Opens    int64 // open commands run
	Late     int64 // commands refused because they arrived after their deadline
	Repeated int64 // commands refused because their id was seen
	Refused  int64 // commands refused for any reason (late and repeated included)
}

// Counts returns the station's command counts so far.
func (s *Station) Counts() Counts {
	return Counts{Opens: s.opens.Load(), Late: s.late.Load(), Repeated: s.repeated.Load(), Refused: s.refused.Load()}
}

// RaiseAlarm publishes an alarm of the station (compartment empty) or of one
// compartment, as a controller does for a door left open or a temperature out
// of range.
func (s *Station) RaiseAlarm(alarm, compartment, detail string) {
	s.publishEvent(wire.Message{Type: wire.TypeAlarm, Alarm: alarm, Compartment: compartment, Detail: detail})
}
