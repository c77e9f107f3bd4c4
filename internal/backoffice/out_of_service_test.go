package backoffice_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/demo"
	"lockers/internal/order"
	"lockers/internal/txn"
)

// TestOutOfServiceMovesOrRefundsItsBookings: the dialog's preview and the save
// agree; a booking with a free compartment of the same kind moves there (the
// customer is told, in the save's transaction), one without is refunded after
// the save (here refunds are unavailable, so it is reported as failed and
// stays); the audit entry names both.
func TestOutOfServiceMovesOrRefundsItsBookings(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		var moved []backoffice.Moved
		svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(o.db, func() time.Time { return t0.Add(24 * time.Hour) }),
			Moved: func(_ context.Context, tx txn.Tx, m backoffice.Moved) error {
				if tx == nil {
					t.Error("told outside the move's transaction")
				}
				moved = append(moved, m)
				return nil
			}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		must(t, err)
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		s1, s2 := t0.Add(48*time.Hour), t0.Add(72*time.Hour)
		a := o.order(mari, 1, "booked", t0)
		o.lockerFor(a, 1, 1, s1) // compartments 1-3 of station 1 are one kind
		d := o.order(mari, 1, "booked", t0)
		o.exec(`UPDATE orders SET paid_cents = 500 WHERE id = $1`, d)
		o.lockerFor(d, 1, 1, s2)
		o.lockerFor(o.order(mari, 1, "booked", t0), 1, 2, s2)
		o.lockerFor(o.order(mari, 1, "booked", t0), 1, 3, s2)
		o.lockerFor(o.order(mari, 1, "finalized", t0), 1, 1, t0.Add(-48*time.Hour)) // over: untouched

		st := demo.Stations[0].ID
		locker := demo.LockerID(1, 1)
		preview, err := svc.CompartmentEffects(o.ctx(), st, locker)
		must(t, err)
		if len(preview) != 2 || preview[0].OrderID != a || preview[0].Effect != backoffice.EffectMove ||
			preview[0].ToLabel != "A02" || preview[1].OrderID != d || preview[1].Effect != backoffice.EffectRefund {
			t.Fatalf("preview %+v", preview)
		}
		c := compartment(t, svc, o, st, locker)
		f := c.CompartmentFields
		f.OutOfService = true
		row, err := svc.SaveCompartment(o.ctx(), st, locker, f, c.Version, "door hinge broken")
		must(t, err)
		if len(row.Effects) != 2 || len(row.Failed) != 1 || row.Failed[0] != d {
			t.Fatalf("effects %+v, failed %v", row.Effects, row.Failed)
		}
		if n := o.count(`SELECT count(*) FROM order_lockers WHERE order_id = $1 AND locker_id = $2 AND live`, a, demo.LockerID(1, 2)); n != 1 {
			t.Fatal("the booking did not move to A02")
		}
		if len(moved) != 1 || moved[0].OrderID != a || moved[0].ToLabel != "A02" || moved[0].UserID != mari {
			t.Fatalf("told %+v", moved)
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.stations.updateCompartment'
			AND note = 'door hinge broken' AND after_json LIKE '%A02%' AND after_json LIKE $1`, "%"+d+"%"); n != 1 {
			t.Fatal("the audit entry does not name the moved and the refunded booking")
		}
	})
}

// endsFree stands for the order service's end of a fully refunded rental.
type endsFree struct{ ended []string }

func (e *endsFree) EndRefunded(_ context.Context, _, id string) (order.Order, error) {
	e.ended = append(e.ended, id)
	return order.Order{}, nil
}

// TestOutOfServiceEndsAFreeBookingAndTellsTheCustomer: a free booking with no
// free compartment of its kind is ended (its coupon comes back with it) and
// its customer is told, with no locker named: the notification's "cancelled"
// wording.
func TestOutOfServiceEndsAFreeBookingAndTellsTheCustomer(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		var told []backoffice.Moved
		ends := &endsFree{}
		svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(o.db, func() time.Time { return t0.Add(24 * time.Hour) }),
			End: ends,
			Moved: func(_ context.Context, tx txn.Tx, m backoffice.Moved) error {
				if tx == nil {
					t.Error("told outside a transaction")
				}
				told = append(told, m)
				return nil
			}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		must(t, err)
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		s2 := t0.Add(72 * time.Hour)
		free := o.order(mari, 1, "booked", t0)
		o.lockerFor(free, 1, 1, s2)
		o.lockerFor(o.order(mari, 1, "booked", t0), 1, 2, s2)
		o.lockerFor(o.order(mari, 1, "booked", t0), 1, 3, s2)

		st, locker := demo.Stations[0].ID, demo.LockerID(1, 1)
		c := compartment(t, svc, o, st, locker)
		f := c.CompartmentFields
		f.OutOfService = true
		row, err := svc.SaveCompartment(o.ctx(), st, locker, f, c.Version, "flooded")
		must(t, err)
		if len(row.Failed) != 0 || len(ends.ended) != 1 || ends.ended[0] != free {
			t.Fatalf("failed %v, ended %v", row.Failed, ends.ended)
		}
		if len(told) != 1 || told[0].OrderID != free || told[0].UserID != mari || told[0].ToLabel != "" ||
			told[0].StationName != demo.Stations[0].Name {
			t.Fatalf("told %+v", told)
		}
	})
}

// compartment reads one compartment as the station page shows it.
func compartment(t *testing.T, svc *backoffice.Service, o *office, stationID, lockerID string) backoffice.CompartmentRow {
	t.Helper()
	_, cs, err := svc.Compartments(o.ctx(), stationID)
	must(t, err)
	for _, c := range cs {
		if c.ID == lockerID {
			return c
		}
	}
	t.Fatalf("compartment %s not found", lockerID)
	return backoffice.CompartmentRow{}
}
