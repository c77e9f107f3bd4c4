package hardware

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// Opened is a door that reported open.
type Opened struct {
	Label    string    // the door, e.g. "A12"
	OpenedAt time.Time // when the server heard the sensor
	// ClosesAt is when the door is expected to close by itself (about a minute).
	ClosesAt time.Time
}

// DoorOpenFor is how long a door stays open before it closes by itself
// (spec: "keeps it open about 1 minute").
const DoorOpenFor = time.Minute

// Open opens the door of one of the user's order lockers from the app, on
// the intent OpenIntent gave for it (intent.go). It answers once the door
// sensor reports open; another user's locker is LOCKER_NOT_FOUND, an order not
// yet paid ORDER_IS_NOT_CONFIRMED, a time outside the paid timeframe
// NOT_RESERVED, an intent that is too old, used, or not this user's for this
// locker CANT_OPEN on the field intent (nothing is sent to the door), and a
// door that does not open after one retry CANT_OPEN (the locker then goes out
// of service with an issue for operators).
func (s *Service) Open(ctx context.Context, userID, orderID, orderLockerID, intent string) (Opened, error) {
	t, err := s.owned(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return Opened{}, err
	}
	if err := s.usable(t, s.now()); err != nil {
		return Opened{}, err
	}
	if err := s.useIntent(ctx, intent, userID, IntentApp, t.OrderLockerID); err != nil {
		return Opened{}, err
	}
	return s.open(ctx, t, Code{}, ReasonApp)
}

// owned reads an order locker of the user's order; anyone else's is
// LOCKER_NOT_FOUND, like an unknown one.
func (s *Service) owned(ctx context.Context, userID, orderID, orderLockerID string) (Target, error) {
	if uuid.Validate(orderLockerID) != nil {
		return Target{}, apperr.New(apperr.LockerNotFound, "locker not found")
	}
	t, err := s.store.Target(ctx, orderLockerID)
	if errors.Is(err, ErrNotFound) || (err == nil && (t.UserID != userID || t.OrderID != orderID)) {
		return Target{}, apperr.New(apperr.LockerNotFound, "locker not found")
	}
	return t, err
}

// usable checks that the order is paid (or free) and now lies in the timeframe.
func (s *Service) usable(t Target, now time.Time) error {
	ok, unconfirmed := usableOrder(t.OrderStatus)
	if unconfirmed {
		return apperr.New(apperr.OrderIsNotConfirmed, "the order is not paid yet")
	}
	if !ok || now.Before(t.Start) || !now.Before(t.End) {
		return apperr.New(apperr.NotReserved, "the locker is not reserved for this time")
	}
	return nil
}

// open sends the command, waits for the sensor, retries once, and gives the
// locker up when its door still does not open.
func (s *Service) open(ctx context.Context, t Target, code Code, reason Reason) (Opened, error) {
	for attempt := 0; attempt < 2; attempt++ {
		if attempt > 0 {
			reason = ReasonRetry
		}
		ok, err := s.try(ctx, t, code, reason)
		if errors.Is(err, ErrStationOffline) {
			return Opened{}, apperr.New(apperr.CantOpen, "the station is offline")
		}
		if err != nil && !errors.Is(err, errNoAnswer) {
			return Opened{}, err
		}
		if ok {
			now := s.now()
			return Opened{Label: t.Label, OpenedAt: now, ClosesAt: now.Add(DoorOpenFor)}, nil
		}
		if ctx.Err() != nil {
			return Opened{}, ctx.Err()
		}
	}
	if err := s.store.MarkBroken(context.WithoutCancel(ctx), t.LockerID, t.OrderLockerID, newID(), s.now()); err != nil {
		return Opened{}, err
	}
	s.log.Error("door did not open; locker out of service", "station", t.StationID, "locker", t.LockerID, "alarm", true)
	return Opened{}, apperr.New(apperr.CantOpen, "the door did not open")
}

// try sends one command and waits up to the open timeout for its door.
func (s *Service) try(ctx context.Context, t Target, code Code, reason Reason) (bool, error) {
	now := s.now()
	cmd := Command{
		OpenCommand: OpenCommand{ID: newID(), StationID: t.StationID, Compartment: t.Label, Reason: reason,
			Deadline: now.Add(s.openTimeout), IssuedAt: now},
		LockerID: t.LockerID, OrderLockerID: t.OrderLockerID, CodeID: code.ID, CodeKind: code.Kind,
	}
	if err := s.store.InsertCommand(ctx, cmd); err != nil {
		return false, err
	}
	ch := s.wait(cmd.OpenCommand, code.ID != "")
	defer s.forget(cmd.ID)
	if err := s.ctrl.Open(ctx, cmd.OpenCommand); err != nil {
		return false, err
	}
	timer := time.NewTimer(s.openTimeout)
	defer timer.Stop()
	// Another process may hear the door (a shared subscription splits the
	// stations' events between lockerd processes): look in the database now
	// and then instead of waiting out the whole timeout.
	var poll <-chan time.Time
	if s.pollEvery > 0 {
		t := time.NewTicker(s.pollEvery)
		defer t.Stop()
		poll = t.C
	}
wait:
	for {
		select {
		case opened := <-ch:
			if opened {
				return true, nil
			}
			return false, errNoAnswer
		case <-poll:
			if opened, err := s.store.CommandOpened(ctx, cmd.ID); err == nil && opened {
				return true, nil
			}
		case <-timer.C:
			break wait
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
	// Another process may have handled the event (a shared subscription).
	opened, err := s.store.CommandOpened(context.WithoutCancel(ctx), cmd.ID)
	if err != nil || opened {
		return opened, err
	}
	return false, errNoAnswer
}
