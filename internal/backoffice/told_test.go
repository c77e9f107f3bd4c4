package backoffice_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"lockers/internal/audit"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/order"
	"lockers/internal/txn"
)

// pendingExtender answers every extension as the orders domain does for a
// paid order: the extension waits for the owner's payment.
type pendingExtender struct{ x order.Extension }

func (p pendingExtender) ExtendAudited(_ context.Context, _, _, _, _ string, _ bool,
	_ func(before, after order.Order) audit.Entry) (order.Order, error) {
	x := p.x
	return order.Order{Extension: &x}, nil
}

// TestOperatorChangesAreToldToTheCustomer: an operator's delete is told in
// its own transaction (the order's station and times), a pending extension
// with its price and when it lapses; a change that fails tells nobody.
func TestOperatorChangesAreToldToTheCustomer(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		var told []backoffice.Told
		var inTx []bool
		hook := func(_ context.Context, tx txn.Tx, c backoffice.Told) error {
			told, inTx = append(told, c), append(inTx, tx != nil)
			return nil
		}
		x := order.Extension{NewEnd: t0.Add(48 * time.Hour), AmountCents: 1120, HoldUntil: t0.Add(25 * time.Hour),
			CreatedAt: t0.Add(24 * time.Hour)}
		svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(o.db, func() time.Time { return t0.Add(24 * time.Hour) }),
			Extend: pendingExtender{x: x}, Told: hook, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		must(t, err)
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		booked := o.order(mari, 1, "booked", t0)
		o.lockerFor(booked, 1, 1, t0.Add(time.Hour))
		running := o.order(mari, 1, "active", t0)

		_, err = svc.DeleteOrder(o.ctx(), running, "test")
		if err == nil || len(told) != 0 {
			t.Fatalf("a refused delete: %v, told %+v", err, told)
		}
		_, err = svc.DeleteOrder(o.ctx(), booked, "test booking")
		must(t, err)
		if len(told) != 1 || told[0].Kind != backoffice.ToldDeleted || told[0].UserID != mari || told[0].OrderID != booked ||
			told[0].StationName == "" || told[0].Start.IsZero() || !inTx[0] {
			t.Fatalf("after a delete, told %+v (in its transaction: %v)", told, inTx)
		}

		other := o.order(mari, 1, "booked", t0)
		_, err = svc.ExtendOrder(o.ctx(), other, "ol", "2026-06-03", "asked by phone", false)
		must(t, err)
		if len(told) != 2 {
			t.Fatalf("a pending extension told nothing: %+v", told)
		}
		if c := told[1]; c.Kind != backoffice.ToldExtension || c.OrderID != other || c.AmountCents != 1120 ||
			!c.End.Equal(x.NewEnd) || !c.Until.Equal(x.HoldUntil) || c.Key == "" {
			t.Fatalf("extension told %+v", c)
		}
	})
}
