package hardware

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// KioskResult is what a keypad shows after a code.
type KioskResult struct {
	Opened *Opened // the door that opened; nil for a wrong code
	// AttemptsLeft before this client is locked out (after a wrong code).
	AttemptsLeft int
	// LockedFor is how long the keypad refuses codes from this client or at
	// this station (0: not locked).
	LockedFor time.Duration
}

// Enter checks a code typed at a station (its kiosk page or its keypad) and
// opens the door it belongs to. A code that is unknown, removed, of a locker
// whose timeframe is not now, or of an order not paid is the same "wrong
// code", so nothing about other people's rentals can be learnt; wrong codes
// count against the client and the station (see ClientFailures). A door that
// does not open is CANT_OPEN. client is the caller's address ("" for a
// station's own keypad).
func (s *Service) Enter(ctx context.Context, stationID, code, client string) (KioskResult, error) {
	if uuid.Validate(stationID) != nil {
		return KioskResult{}, apperr.New(apperr.StationNotFound, "station not found")
	}
	stationKey, clientKey := "station:"+stationID, "client:"+client
	if d := max(s.perStation.Locked(stationKey), s.clientLocked(clientKey, client)); d > 0 {
		return KioskResult{LockedFor: d}, nil
	}
	c, t, err := s.find(ctx, stationID, code)
	if errors.Is(err, ErrAmbiguous) {
		// Both rentals' owners can make a new code; the code itself is not logged.
		s.log.Warn("two running rentals share a keypad code: no door opened", "station", stationID, "alarm", true)
		err = ErrNotFound
	}
	if errors.Is(err, ErrNotFound) {
		d := s.perStation.Fail(stationKey)
		left := ClientFailures
		if client != "" {
			d = max(d, s.perClient.Fail(clientKey))
			left = s.perClient.Left(clientKey)
		}
		if d > 0 {
			// The attempt that locks leaves none, whatever the counter
			// (which a lock starts again) would say: the answer agrees with itself.
			left = 0
		}
		return KioskResult{AttemptsLeft: max(left, 0), LockedFor: d}, nil
	}
	if err != nil {
		return KioskResult{}, err
	}
	o, err := s.open(ctx, t, c, ReasonKiosk)
	if err != nil {
		return KioskResult{}, err
	}
	return KioskResult{Opened: &o}, nil
}

func (s *Service) clientLocked(key, client string) time.Duration {
	if client == "" {
		return 0
	}
	return s.perClient.Locked(key)
}

// find resolves a code to its order locker when the code may open it now.
func (s *Service) find(ctx context.Context, stationID, code string) (Code, Target, error) {
	if !validPIN(code) {
		return Code{}, Target{}, ErrNotFound
	}
	now := s.now()
	c, err := s.store.CodeAt(ctx, stationID, code, now)
	if err != nil {
		return Code{}, Target{}, err
	}
	t, err := s.store.Target(ctx, c.OrderLockerID)
	if err != nil {
		return Code{}, Target{}, err
	}
	if s.usable(t, now) != nil {
		return Code{}, Target{}, ErrNotFound
	}
	return c, t, nil
}

func validPIN(code string) bool {
	if len(code) != 6 {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
