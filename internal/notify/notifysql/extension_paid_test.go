package notifysql_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/demo"
	"lockers/internal/jobs/jobstest"
	"lockers/internal/notify"
	"lockers/internal/order"
	"lockers/internal/store"
)

// TestAPaidExtensionIsTold (issue 46): once the customer's payment makes a
// later end theirs, they are told what it cost and until when, in their
// language; once, however often the order is saved after.
func TestAPaidExtensionIsTold(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		p := start(t, db, newSent())
		u := user(t, db, "et", "tok-ext-paid")
		id := reserved(t, db, u, 2*time.Hour, 3*time.Hour)
		booked := p.change(t, u, id, func(o *order.Order) { o.Status, o.PaidCents = order.Booked, 1000 })
		lockerID := uuid.NewString()
		if _, err := db.ExecContext(ctx, `INSERT INTO order_lockers (id, order_id, locker_id, delivery_code, picking_code,
			starts_at, ends_at) VALUES ($1, $2, $3, '111111', '222222', $4, $5)`,
			lockerID, id, demo.LockerID(1, 1), booked.Start.UTC(), booked.End.UTC()); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC().Truncate(time.Second)
		newEnd := booked.End.Add(24 * time.Hour)
		p.change(t, u, id, func(o *order.Order) {
			o.Extension = &order.Extension{OrderLockerID: lockerID, OldEnd: o.End, NewEnd: newEnd,
				AmountCents: 750, Days: 1, HoldUntil: now.Add(15 * time.Minute), CreatedAt: now}
		})
		if len(told(t, p, u, notify.ExtensionPaid)) != 0 {
			t.Fatal("told of a payment before it was made")
		}
		if _, err := p.orders.Change(ctx, u, id, func(ctx context.Context, tx order.Tx, o *order.Order) error {
			due, ok := o.DueAt(time.Now())
			if !ok {
				return errors.New("the extension is not due")
			}
			if paid, err := o.Paid(ctx, tx, due, due.AmountCents, time.Now()); !paid || err != nil {
				return errors.Join(errors.New("not paid"), err)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		p.change(t, u, id, func(o *order.Order) { o.UpdatedAt = time.Now() }) // a later save tells nothing again
		got := told(t, p, u, notify.ExtensionPaid)
		if len(got) != 1 {
			t.Fatalf("%d paid-extension notifications, want one", len(got))
		}
		n := got[0]
		if n.OrderID != id || n.Params.AmountCents != 750 || !n.Params.End.Equal(newEnd) || n.Params.Station != "Viru Keskus" ||
			n.Title != "Rent pikendatud" || !strings.Contains(n.Body, "7,50 €") || !strings.Contains(n.Body, "lõpeb nüüd") {
			t.Errorf("paid extension: %+v", n)
		}
	})
}

// told is the user's notifications of kind.
func told(t *testing.T, p proc, userID string, kind notify.Kind) []notify.Notification {
	t.Helper()
	var out []notify.Notification
	for _, n := range list(t, p, userID).Items {
		if n.Kind == kind {
			out = append(out, n)
		}
	}
	return out
}
