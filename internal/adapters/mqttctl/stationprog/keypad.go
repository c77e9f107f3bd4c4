package stationprog

import (
	"time"

	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

// KeypadResult is what the station did with a typed code.
type KeypadResult int

const (
	// KeypadSent: the station is online; the code went to the server as a
	// `code` event and the server decides (an open command follows).
	KeypadSent KeypadResult = iota
	// KeypadOpened: offline, and the code is the offline PIN of a compartment
	// whose rental window is now: its door opened and an offline_pin event is
	// queued for when the station is back.
	KeypadOpened
	// KeypadRefused: offline and not a valid offline PIN now (or locked out).
	KeypadRefused
)

// Offline PIN guessing is limited on the station itself: after
// keypadMaxWrong wrong PINs within keypadWindow the keypad refuses everything
// until the window has passed.
const (
	keypadMaxWrong = 5
	keypadWindow   = time.Minute
)

type keypadGuard struct {
	wrong []time.Time
}

// Keypad types a code on the station's keypad. Online, the code is published
// (lockers/{id}/evt, type code). Offline, the station checks it as an
// offline PIN against its rental windows with its secret, by itself.
// The code is never logged.
func (s *Station) Keypad(code string) (KeypadResult, string) {
	if s.Connected() {
		s.publishEvent(wire.Message{Type: wire.TypeCode, Code: code})
		return KeypadSent, ""
	}
	compartment, ok := s.CheckOfflinePIN(code, time.Now())
	if !ok {
		return KeypadRefused, ""
	}
	s.openDoor(compartment, "", hardware.DetailOfflinePIN)
	s.publishEvent(wire.Message{Type: wire.TypeOfflinePIN, Compartment: compartment, Code: code})
	return KeypadOpened, compartment
}

// CheckOfflinePIN finds the compartment whose rental window contains now and
// whose offline PIN is pin (hardware.OfflinePINValid), counting wrong tries.
func (s *Station) CheckOfflinePIN(pin string, now time.Time) (string, bool) {
	var secret []byte
	if s.cfg.Secret != nil {
		secret = s.cfg.Secret(s.id)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.keypad.wrong[:0]
	for _, t := range s.keypad.wrong {
		if now.Sub(t) < keypadWindow {
			kept = append(kept, t)
		}
	}
	s.keypad.wrong = kept
	if len(kept) >= keypadMaxWrong || len(secret) == 0 {
		return "", false
	}
	for _, w := range s.windows {
		if hardware.OfflinePINValid(secret, w.Compartment, pin, w.From, w.To, now) {
			return w.Compartment, true
		}
	}
	s.keypad.wrong = append(s.keypad.wrong, now)
	return "", false
}
