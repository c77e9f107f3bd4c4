package notifysql_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

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
		id, lockerID, booked := p.bookedWithLocker(t, u)
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
