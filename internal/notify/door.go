package notify

import (
	"context"
	"errors"

	"lockers/internal/order"
	"lockers/internal/txn"
)

// DoorLeftOpen tells the renter of an order locker that its door (label) is
// open past the limit; a compartment with no running rental tells nobody.
func (s *Service) DoorLeftOpen(ctx context.Context, orderLockerID, label string) error {
	return s.doorAlarm(ctx, DoorLeftOpen, orderLockerID, label)
}

// UnexpectedDoorOpening tells the renter of an order locker that its door
// (label) opened with no order of the server's.
func (s *Service) UnexpectedDoorOpening(ctx context.Context, orderLockerID, label string) error {
	return s.doorAlarm(ctx, UnexpectedDoorOpening, orderLockerID, label)
}

func (s *Service) doorAlarm(ctx context.Context, kind Kind, orderLockerID, label string) error {
	if orderLockerID == "" {
		return nil
	}
	return s.store.InTx(ctx, func(tx txn.Tx) error {
		f, err := s.store.RentalOf(ctx, tx, orderLockerID)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if !order.Status(f.Status).Confirmed() && order.Status(f.Status) != order.Expired {
			return nil
		}
		return s.PublishTx(ctx, tx, Event{UserID: f.UserID, Kind: kind, OrderID: f.ID,
			Params: Params{Station: f.StationName, Locker: label, Start: f.Start, End: f.End, TimeZone: f.StationZone}})
	})
}
