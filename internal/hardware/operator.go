package hardware

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// StationStatus is what a station's hardware last reported, for operators:
// the controller's link and each compartment's door and latest temperature.
type StationStatus struct {
	StationID string
	// Online is Link == LinkOnline; Link is LinkState's answer (the service
	// fills both from LinkOnline, LastSeenAt and OfflineAlarm).
	Online       bool
	Link         string
	LinkOnline   bool      // the controller's own word: its last status message said online
	OfflineAlarm bool      // a "station offline" alarm is open
	LastSeenAt   time.Time // zero: never heard
	LinkAt       time.Time // when the link last changed; zero: never
	Doors        []DoorStatus
}

// DoorStatus is one compartment's door and latest temperature reading.
type DoorStatus struct {
	LockerID     string
	Label        string
	Temperature  string // the class: cool, neutral, warm
	OutOfService bool
	Door         string    // open, closed, unknown
	DoorAt       time.Time // zero: the sensor never spoke
	Reading      *Reading  // nil: never reported
}

// InRange reports whether the latest reading lies in its class's band (true
// when there is no reading or no band).
func (d DoorStatus) InRange() bool {
	lo, hi, ok := Range(d.Temperature)
	if !ok || d.Reading == nil {
		return true
	}
	return d.Reading.Celsius >= lo && d.Reading.Celsius <= hi
}

// OperatorStore reads stations for operators (part of Store).
type OperatorStore interface {
	// StationStatus reads a station's link and its compartments by label
	// (ErrNotFound for an unknown station).
	StationStatus(ctx context.Context, stationID string) (StationStatus, error)
	// Compartment reads one compartment of a station as a Target without an
	// order (ErrNotFound when it is not the station's).
	Compartment(ctx context.Context, stationID, lockerID string) (Target, error)
	// RepairOpenedSince reads when the newest operator's open of a locker
	// sent at or after since was heard open (ok false: none yet).
	RepairOpenedSince(ctx context.Context, lockerID string, since time.Time) (openedAt time.Time, ok bool, err error)
}

// StationStatus is a station's hardware as last reported (STATION_NOT_FOUND
// for an unknown one). The caller checks the operator's role.
func (s *Service) StationStatus(ctx context.Context, stationID string) (StationStatus, error) {
	if uuid.Validate(stationID) != nil {
		return StationStatus{}, apperr.New(apperr.StationNotFound, "station not found")
	}
	st, err := s.store.StationStatus(ctx, stationID)
	if errors.Is(err, ErrNotFound) {
		return StationStatus{}, apperr.New(apperr.StationNotFound, "station not found")
	}
	st.Link = LinkState(st.LinkOnline, st.LastSeenAt, st.OfflineAlarm, s.now())
	st.Online = st.Link == LinkOnline
	return st, err
}

// OperatorOpen opens a compartment's door for an operator (ReasonRepair),
// whatever rents it and whether it is in service, on the intent
// OperatorOpenIntent gave the operator for it (intent.go): the same path as
// the app's open (sent, waited for, retried once; a door that still does not
// open goes out of service with an issue). An unknown compartment is
// LOCKER_NOT_FOUND, an unusable intent CANT_OPEN on the field intent, an
// offline station CANT_OPEN. record runs once the intent is spent and before
// the command is sent (the back office's audit row); its error stops the open.
// The caller checks the role.
func (s *Service) OperatorOpen(ctx context.Context, operatorID, stationID, lockerID, intent string,
	record func(ctx context.Context) error) (Opened, error) {
	t, err := s.compartment(ctx, stationID, lockerID)
	if err != nil {
		return Opened{}, err
	}
	if err := s.useIntent(ctx, intent, operatorID, IntentOperator, t.LockerID); err != nil {
		return Opened{}, err
	}
	if record != nil {
		if err := record(ctx); err != nil {
			return Opened{}, err
		}
	}
	return s.open(ctx, t, Code{}, ReasonRepair)
}

// compartment reads a compartment of a station; LOCKER_NOT_FOUND when it is
// not the station's.
func (s *Service) compartment(ctx context.Context, stationID, lockerID string) (Target, error) {
	if uuid.Validate(stationID) != nil || uuid.Validate(lockerID) != nil {
		return Target{}, apperr.New(apperr.LockerNotFound, "locker not found")
	}
	t, err := s.store.Compartment(ctx, stationID, lockerID)
	if errors.Is(err, ErrNotFound) {
		return Target{}, apperr.New(apperr.LockerNotFound, "locker not found")
	}
	return t, err
}

// OperatorOpened is the answer of an operator's open sent at or after since
// that the door sensor reported open: what a repeated submit of the same
// open is told (backoffice.OpenDoor). ok false while there is none.
func (s *Service) OperatorOpened(ctx context.Context, stationID, lockerID string, since time.Time) (Opened, bool, error) {
	t, err := s.compartment(ctx, stationID, lockerID)
	if err != nil {
		return Opened{}, false, err
	}
	at, ok, err := s.store.RepairOpenedSince(ctx, t.LockerID, since)
	if err != nil || !ok {
		return Opened{}, false, err
	}
	return Opened{Label: t.Label, OpenedAt: at, ClosesAt: at.Add(DoorOpenFor)}, true, nil
}
