package station

import (
	"context"
	"errors"
	"time"

	"lockers/internal/apperr"
)

// AdminSteps are the stations store's writes an operator's change takes
// inside the caller's transaction (stationsql.AdminIn; the back office's unit
// of work, which records the audit row in it too).
type AdminSteps interface {
	// SaveStation inserts (insert) or updates a station; false: none written.
	SaveStation(ctx context.Context, id string, f StationFields, insert bool, at time.Time) (bool, error)
	// SaveCompartment inserts or updates a compartment of a station; false:
	// none written; ErrLabelTaken for a label the station has.
	SaveCompartment(ctx context.Context, id, stationID string, f CompartmentFields, insert bool, at time.Time) (bool, error)
}

// SaveStation writes an operator's station (insert: a new one with id) once
// CheckStation accepts it, trimmed and with its defaults filled in f;
// STATION_NOT_FOUND when an edit finds no station.
func SaveStation(ctx context.Context, tx AdminSteps, id string, f *StationFields, insert bool, at time.Time) error {
	if err := CheckStation(f); err != nil {
		return err
	}
	ok, err := tx.SaveStation(ctx, id, *f, insert, at)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.StationNotFound, "station not found")
	}
	return nil
}

// SaveCompartment writes an operator's compartment of a station once
// CheckCompartment accepts it: BAD_INPUT on field label for a label the
// station has, LOCKER_NOT_FOUND when an edit finds no such compartment there.
func SaveCompartment(ctx context.Context, tx AdminSteps, id, stationID string, f *CompartmentFields, insert bool, at time.Time) error {
	if err := CheckCompartment(f); err != nil {
		return err
	}
	ok, err := tx.SaveCompartment(ctx, id, stationID, *f, insert, at)
	if errors.Is(err, ErrLabelTaken) {
		return apperr.Field(apperr.BadInput, "label", "this label is taken at the station")
	}
	if err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.LockerNotFound, "Locker not found")
	}
	return nil
}

// GoesOutOfService reports whether an edit takes a compartment out of
// service: its bookings must then move to a free compartment of the same
// kind, or be cancelled and refunded (the orders domain's MoveBooking).
func GoesOutOfService(before, after CompartmentFields) bool {
	return after.OutOfService && !before.OutOfService
}
