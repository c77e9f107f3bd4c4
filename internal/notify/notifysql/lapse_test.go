package notifysql_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"lockers/internal/jobs/jobstest"
	"lockers/internal/notify"
	"lockers/internal/order"
	"lockers/internal/store"
)

// TestLapsedExtensionIsTold (issue 42): a pending extension left unpaid past
// its hold lapses in the sweep, and the customer is told on the order: its
// price, when it lapsed and the end the rental keeps; once, however often
// the sweep runs.
func TestLapsedExtensionIsTold(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		p := start(t, db, newSent())
		u := user(t, db, "en", "tok-lapse")
		id, lockerID, booked := p.bookedWithLocker(t, u)
		hold := time.Now().UTC().Add(-time.Minute).Truncate(time.Second)
		p.change(t, u, id, func(o *order.Order) {
			o.Extension = &order.Extension{OrderLockerID: lockerID, OldEnd: o.End, NewEnd: o.End.Add(24 * time.Hour),
				AmountCents: 750, Days: 1, HoldUntil: hold, CreatedAt: hold.Add(-time.Hour)}
		})
		for range 2 {
			if _, err := p.orders.Sweep(ctx, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		lapsed := told(t, p, u, notify.ExtensionOffered)
		if len(lapsed) != 1 {
			t.Fatalf("%d extension notifications, want the one lapse", len(lapsed))
		}
		n := lapsed[0]
		if !n.Params.Lapsed || n.OrderID != id || n.Params.AmountCents != 750 || !n.Params.Until.Equal(hold) ||
			!n.Params.End.Equal(booked.End) || n.Params.Station != "Viru Keskus" || n.Title != "The extension lapsed" ||
			!strings.Contains(n.Body, "€7.50") || !strings.Contains(n.Body, "ends at") {
			t.Errorf("lapse: %+v", n)
		}
	})
}
