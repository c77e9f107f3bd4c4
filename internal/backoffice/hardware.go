package backoffice

import (
	"context"
	"errors"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/audit"
	"lockers/internal/hardware"
)

// Doors is the hardware domain's operator side: what a station reported, and
// opening a door by hand on a fresh intent. The back office reads stations'
// hardware only through it (the hardware domain owns those tables and their
// SQL, and the rule that a door opens only on a fresh, deliberate command).
type Doors interface {
	StationStatus(ctx context.Context, stationID string) (hardware.StationStatus, error)
	OperatorOpenIntent(ctx context.Context, operatorID, stationID, lockerID string) (hardware.Intent, error)
	RevokeOperatorIntent(ctx context.Context, operatorID, lockerID, token string) (bool, error)
	OperatorOpened(ctx context.Context, stationID, lockerID string, since time.Time) (hardware.Opened, bool, error)
	OperatorOpen(ctx context.Context, operatorID, stationID, lockerID, intent string,
		record func(ctx context.Context) error) (hardware.Opened, error)
}

// StationHardware is a station's controller link and its compartments.
type StationHardware struct {
	StationID  string
	Online     bool
	LastSeenAt time.Time
	LinkAt     time.Time
	Doors      []DoorRow
}

// DoorRow is one compartment's door and latest temperature.
type DoorRow struct {
	LockerID     string
	Label        string
	Temperature  string
	OutOfService bool
	Door         string
	DoorAt       time.Time
	HasReading   bool
	Celsius      float64
	CelsiusAt    time.Time
	InRange      bool
}

// Hardware is a station's hardware as last reported.
func (s *Service) Hardware(ctx context.Context, stationID string) (StationHardware, error) {
	if s.doors == nil {
		return StationHardware{}, apperr.New(apperr.StationNotFound, "station hardware is not available")
	}
	st, err := s.doors.StationStatus(ctx, stationID)
	if err != nil {
		return StationHardware{}, internal("hardware", err)
	}
	out := StationHardware{StationID: st.StationID, Online: st.Online, LastSeenAt: st.LastSeenAt, LinkAt: st.LinkAt,
		Doors: make([]DoorRow, 0, len(st.Doors))}
	for _, d := range st.Doors {
		r := DoorRow{LockerID: d.LockerID, Label: d.Label, Temperature: d.Temperature, OutOfService: d.OutOfService,
			Door: d.Door, DoorAt: d.DoorAt, InRange: d.InRange()}
		if d.Reading != nil {
			r.HasReading, r.Celsius, r.CelsiusAt = true, d.Reading.Celsius, d.Reading.At
		}
		out.Doors = append(out.Doors, r)
	}
	return out, nil
}

// OpenDoorIntent confirms that the operator means to open a compartment
// (stations.openDoorIntent): the screen asks for it when it shows its
// confirmation, and stations.openDoor must carry it within DOOR_INTENT_TTL.
func (s *Service) OpenDoorIntent(ctx context.Context, stationID, lockerID string) (hardware.Intent, error) {
	if s.doors == nil {
		return hardware.Intent{}, apperr.New(apperr.CantOpen, "doors are not available")
	}
	p, err := actor(ctx)
	if err != nil {
		return hardware.Intent{}, err
	}
	in, err := s.doors.OperatorOpenIntent(ctx, p.UserID, stationID, lockerID)
	return in, internal("open door intent", err)
}

// RevokeDoorIntent withdraws the operator's intent to open a compartment
// (stations.revokeDoorIntent): the dialog sends it when it is cancelled or
// closed, so an open still on its way is refused. Nothing is audited: no door
// is asked. false when no open can use it any more because one did.
func (s *Service) RevokeDoorIntent(ctx context.Context, lockerID, intent string) (bool, error) {
	if s.doors == nil || !validID(lockerID) {
		return false, nil
	}
	p, err := actor(ctx)
	if err != nil {
		return false, err
	}
	ok, err := s.doors.RevokeOperatorIntent(ctx, p.UserID, lockerID, intent)
	return ok, internal("revoke door intent", err)
}

// OpenDoor opens a compartment's door for an operator, reason required
// (MISSING_NOTE), on an intent from OpenDoorIntent (the hardware domain
// refuses a stale or used one with CANT_OPEN on intent, and then nothing is
// audited or sent). The hardware domain's open spans its own transactions and
// waits for the door, so (as for a refund) the audit row is committed once
// the intent is accepted and before the door is asked, as the record of the
// intent: no door opens by hand without one. Its answer (opened, or CANT_OPEN
// / LOCKER_NOT_FOUND) goes back to the operator. requestID, the confirmed
// dialog's key, makes the open once per submit: the same key again opens
// nothing (CANT_OPEN on requestUuid), whatever intent it carries.
func (s *Service) OpenDoor(ctx context.Context, stationID, lockerID, reason, intent, requestID string) (hardware.Opened, error) {
	reason, err := requiredNote(reason)
	if err != nil {
		return hardware.Opened{}, err
	}
	if requestID != "" && !validID(requestID) {
		return hardware.Opened{}, apperr.Field(apperr.BadInput, "requestUuid", "not an id")
	}
	if s.doors == nil {
		return hardware.Opened{}, apperr.New(apperr.CantOpen, "doors are not available")
	}
	if !validID(stationID) || !validID(lockerID) {
		return hardware.Opened{}, apperr.New(apperr.LockerNotFound, "locker not found")
	}
	p, err := actor(ctx)
	if err != nil {
		return hardware.Opened{}, err
	}
	record := func(ctx context.Context) error {
		err := s.write(ctx, "admin.stations.openDoor", "compartment", lockerID, reason, func(tx Tx, now time.Time) (change, error) {
			if err := tx.Audit.ClaimRequest(ctx, requestID, "admin.stations.openDoor", lockerID, now); err != nil {
				return change{}, err
			}
			label, door, err := tx.Read.Door(ctx, stationID, lockerID)
			if err != nil {
				return change{}, err
			}
			return change{Before: map[string]any{"door": door, "label": label},
				After: map[string]any{"openRequested": true, "stationId": stationID}}, nil
		})
		if errors.Is(err, audit.ErrRepeated) {
			return errOpenSent
		}
		return err
	}
	opened, err := s.doors.OperatorOpen(ctx, p.UserID, stationID, lockerID, intent, record)
	if errors.Is(err, errOpenSent) && requestID != "" {
		// A repeated submit (a double click) opens nothing again and is told
		// the first one's result, "the door is open", once the door said so.
		return s.firstOpen(ctx, stationID, lockerID, requestID)
	}
	return opened, internal("open door", err)
}

// errOpenSent is a repeated door open: its request key was claimed before.
var errOpenSent = apperr.Field(apperr.CantOpen, "requestUuid", "this door open was sent already")

// firstOpen waits (as long as an open waits for its door, firstOpenWait) for
// the open the request key made first to be heard open, and answers it;
// errOpenSent when it did not open.
func (s *Service) firstOpen(ctx context.Context, stationID, lockerID, requestID string) (hardware.Opened, error) {
	since, made, err := s.store.RequestMade(ctx, requestID, "admin.stations.openDoor", lockerID)
	if err != nil || !made {
		return hardware.Opened{}, errors.Join(errOpenSent, internal("open door", err))
	}
	ctx, cancel := context.WithTimeout(ctx, firstOpenWait)
	defer cancel()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		o, ok, err := s.doors.OperatorOpened(ctx, stationID, lockerID, since)
		if err != nil || ok {
			return o, internal("open door", err)
		}
		select {
		case <-ctx.Done():
			return hardware.Opened{}, errOpenSent
		case <-tick.C:
		}
	}
}

// firstOpenWait bounds how long a repeated open waits for the first one's
// door: longer than an open waits for the sensor.
const firstOpenWait = 15 * time.Second
