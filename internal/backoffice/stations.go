package backoffice

import (
	"context"
	"errors"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/station"
)

// StationRow is a station as the back office edits it.
type StationRow struct {
	ID string
	station.StationFields
	Compartments int
	CreatedAt    time.Time
	Version      string // VersionOf(StationFields)
}

// CompartmentRow is one compartment (locker) of a station.
type CompartmentRow struct {
	ID string
	station.CompartmentFields
	Version string // VersionOf(CompartmentFields)
	// Effects (a save that took it out of service) are its bookings and what
	// became of them; Failed are the orders whose refund failed.
	Effects []RentalEffect
	Failed  []string
}

func (r StationRow) versioned() StationRow {
	r.Version = VersionOf(r.StationFields)
	return r
}

func (r CompartmentRow) versioned() CompartmentRow {
	r.Version = VersionOf(r.CompartmentFields)
	return r
}

// StationPage is one page of stations, newest first.
type StationPage struct {
	Stations []StationRow
	Next     string
}

// SaveStation creates (id "") or edits a station through the stations domain
// (station.SaveStation, which checks it). An edit names the version it started from
// (ErrStale when a colleague saved in between).
func (s *Service) SaveStation(ctx context.Context, id string, f station.StationFields, version string) (StationRow, error) {
	if err := station.CheckStation(&f); err != nil {
		return StationRow{}, err
	}
	insert := id == ""
	action := "admin.stations.update"
	if insert {
		id, action = newID(), "admin.stations.create"
	}
	var after StationRow
	err := s.write(ctx, action, "station", id, "", func(tx Tx, now time.Time) (change, error) {
		var before any
		if !insert {
			if err := lockFor(ctx, tx, "station", id); err != nil {
				return change{}, err
			}
			b, err := tx.Read.StationRow(ctx, id)
			if err != nil {
				return change{}, err
			}
			if err := checkVersion(version, b.StationFields); err != nil {
				if b.StationFields == f {
					return change{}, errAlreadySo // the same save again (a double-click)
				}
				return change{}, err
			}
			before = b.StationFields
		}
		if err := station.SaveStation(ctx, tx.Stations, id, &f, insert, now); err != nil {
			return change{}, err
		}
		var err error
		if after, err = tx.Read.StationRow(ctx, id); err != nil {
			return change{}, err
		}
		return change{Before: before, After: after.StationFields}, nil
	})
	if errors.Is(err, errAlreadySo) {
		after, err = s.stationNow(ctx, id)
	}
	return after.versioned(), err
}

// SaveCompartment creates (id "") or edits a compartment of a station
// through the stations domain (station.SaveCompartment, which checks it). A label taken at
// the station is BAD_INPUT on field label. An edit names the version it
// started from (ErrStale); taking a compartment out of service or back needs
// the operator's reason (MISSING_NOTE), which the audit entry keeps (a new
// compartment has no bookings, so it may start out of service without one).
func (s *Service) SaveCompartment(ctx context.Context, stationID, id string, f station.CompartmentFields, version, reason string) (CompartmentRow, error) {
	if err := station.CheckCompartment(&f); err != nil {
		return CompartmentRow{}, err
	}
	reason = strings.TrimSpace(reason)
	insert := id == ""
	action := "admin.stations.updateCompartment"
	if insert {
		id, action = newID(), "admin.stations.addCompartment"
	} else if !validID(id) {
		return CompartmentRow{}, apperr.New(apperr.LockerNotFound, "Locker not found")
	}
	var effects []RentalEffect
	var stationName string
	err := s.write(ctx, action, "locker", id, reason, func(tx Tx, now time.Time) (change, error) {
		st, err := tx.Read.StationRow(ctx, stationID)
		if err != nil {
			return change{}, err
		}
		stationName = st.Name
		var before any
		goesOut := false
		if !insert {
			if err := lockFor(ctx, tx, "locker", id); err != nil {
				return change{}, err
			}
			cs, err := tx.Read.Compartment(ctx, stationID, id)
			if err != nil {
				return change{}, err
			}
			if err := checkVersion(version, cs); err != nil {
				if cs == f {
					return change{}, errAlreadySo // the same save again (a double-click)
				}
				return change{}, err
			}
			if cs.OutOfService != f.OutOfService {
				if _, err := requiredReason("reason", reason); err != nil {
					return change{}, err
				}
			}
			goesOut = station.GoesOutOfService(cs, f)
			before = cs
		}
		if err := station.SaveCompartment(ctx, tx.Stations, id, stationID, &f, insert, now); err != nil {
			return change{}, err
		}
		if !goesOut {
			return change{Before: before, After: f}, nil
		}
		// Out of service: its bookings move to a free compartment of the same
		// kind in this transaction; the others are refunded once it commits.
		if effects, err = s.settleOutOfService(ctx, tx, stationID, id, st.Name, now); err != nil {
			return change{}, err
		}
		moved, refunded := []map[string]any{}, []string{}
		for _, e := range effects {
			if e.Effect == EffectMove {
				moved = append(moved, map[string]any{"order": e.OrderID, "to": e.ToLabel})
			} else {
				refunded = append(refunded, e.OrderID)
			}
		}
		return change{Before: before, After: map[string]any{"compartment": f, "moved": moved, "refunded": refunded}}, nil
	})
	if errors.Is(err, errAlreadySo) {
		return CompartmentRow{ID: id, CompartmentFields: f}.versioned(), nil
	}
	if err != nil {
		return CompartmentRow{}, err
	}
	row := CompartmentRow{ID: id, CompartmentFields: f, Effects: effects}.versioned()
	row.Failed = s.refundUnmoved(ctx, effects, stationName, reason)
	return row, nil
}

// stationNow reads a station as its page shows it.
func (s *Service) stationNow(ctx context.Context, id string) (StationRow, error) {
	st, _, err := s.store.Compartments(ctx, id)
	return st, internal("station", err)
}
