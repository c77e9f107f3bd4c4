package stationsim

import (
	"context"

	"lockers/internal/hardware"
)

// Window is a rental a cabinet knows about (synced while it was online).
type Window = hardware.Window

// checkOffline is what an offline cabinet does with a typed code: it checks
// the code as an offline PIN against the windows it knows, with its own key,
// and opens the door by itself when one matches. It reports the use
// (EventOfflinePIN) with the door's events.
func (s *Sim) checkOffline(ctx context.Context, stationID, code string) bool {
	if s.opts.StationKey == nil || s.opts.Windows == nil {
		return false
	}
	windows, err := s.opts.Windows(ctx, stationID)
	if err != nil {
		return false
	}
	key, now := s.opts.StationKey(stationID), s.opts.Now()
	for _, w := range windows {
		if !hardware.OfflinePINValid(key, w.Compartment, code, w.From, w.To, now) {
			continue
		}
		d := door{stationID, w.Compartment}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.emit(hardware.Event{StationID: stationID, Kind: hardware.EventOfflinePIN, Compartment: w.Compartment, Code: code})
		if stop, ok := s.open[d]; ok {
			stop()
		}
		s.emit(hardware.Event{StationID: stationID, Kind: hardware.EventDoor, Compartment: w.Compartment, Door: hardware.DoorOpen,
			Detail: hardware.DetailOfflinePIN})
		s.open[d] = s.opts.Timers.AfterFunc(s.opts.CloseAfter, func() { s.close(d, "") })
		return true
	}
	return false
}
