package notifysql_test

import (
	"context"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // Europe/Tallinn on a machine without the system zone files

	"lockers/internal/jobs/jobstest"
	"lockers/internal/notify"
	"lockers/internal/order"
	"lockers/internal/store"
)

func jobState(t *testing.T, db *store.DB, id int64) string {
	t.Helper()
	var s string
	if err := db.QueryRowContext(context.Background(), `SELECT state FROM river_job WHERE id = $1`, id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func orderJobs(t *testing.T, db *store.DB, orderID string) (start, end, ended int64) {
	t.Helper()
	var a, b, c *int64
	if err := db.QueryRowContext(context.Background(), `SELECT start_job, end_job, ended_job FROM order_notify_state
		WHERE order_id = $1`, orderID).Scan(&a, &b, &c); err != nil {
		t.Fatal(err)
	}
	v := func(p *int64) int64 {
		if p == nil {
			return 0
		}
		return *p
	}
	return v(a), v(b), v(c)
}

// TestRemindersFollowTheOrder: booking notifies in the account's language by
// every chosen channel and schedules the three reminders; an extension moves
// the end's reminders (the old ones are cancelled) and the test clock makes
// the waiting ones due at once; a cancellation cancels them all.
func TestRemindersFollowTheOrder(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		out := newSent()
		p := start(t, db, out)
		ctx := context.Background()
		u := user(t, db, "et", "tok-1")
		id := reserved(t, db, u, 3*time.Hour, 5*time.Hour)

		if n := len(list(t, p, u).Items); n != 0 {
			t.Fatalf("a reserved order notified %d times", n)
		}
		booked := p.change(t, u, id, func(o *order.Order) { o.Status = order.Booked })
		page := list(t, p, u)
		if len(page.Items) != 1 || page.Items[0].Kind != notify.BookingConfirmed || page.Items[0].Title != "Broneering kinnitatud" ||
			page.Unread != 1 || page.Items[0].OrderID != id {
			t.Fatalf("after booking: %+v", page)
		}
		eventually(t, "the booking's push and e-mail", func() bool {
			total, _ := out.pushes()
			out.mu.Lock()
			defer out.mu.Unlock()
			return total == 1 && out.mail["Broneering kinnitatud"] == 1
		})
		if out.sms != 0 {
			t.Errorf("%d texts sent with SMS off by default", out.sms)
		}
		startJob, endJob, endedJob := orderJobs(t, db, id)
		if startJob == 0 || endJob == 0 || endedJob == 0 {
			t.Fatalf("reminder jobs %d %d %d", startJob, endJob, endedJob)
		}
		for _, j := range []int64{startJob, endJob, endedJob} {
			if s := jobState(t, db, j); s != "scheduled" {
				t.Fatalf("reminder job %d is %s", j, s)
			}
		}

		newEnd := booked.End.Add(2 * time.Hour)
		p.change(t, u, id, func(o *order.Order) { o.Status, o.End = order.Extended, newEnd })
		if s := jobState(t, db, endJob); s != "cancelled" {
			t.Errorf("the old end's reminder is %s after the extension, want cancelled", s)
		}
		_, endJob2, endedJob2 := orderJobs(t, db, id)
		if endJob2 == endJob || endedJob2 == endedJob || endJob2 == 0 {
			t.Fatalf("the end's reminders were not moved: %d %d", endJob2, endedJob2)
		}

		due, err := p.svc.RemindNow(ctx, id)
		if err != nil || due != 3 {
			t.Fatalf("test clock: %d due, %v", due, err)
		}
		eventually(t, "three reminders", func() bool { return len(list(t, p, u).Items) == 4 })
		kinds := map[notify.Kind]notify.Notification{}
		for _, n := range list(t, p, u).Items {
			kinds[n.Kind] = n
		}
		ends := kinds[notify.EndsSoon]
		if ends.Title != "Sinu rent lõpeb tunni aja pärast" || !strings.Contains(ends.Body, newEnd.In(tallinn(t)).Format("15:04")) {
			t.Errorf("ends soon: %+v (want the new end %s)", ends, newEnd)
		}
		if _, ok := kinds[notify.StartsSoon]; !ok {
			t.Error("no starts-soon reminder")
		}
		if _, ok := kinds[notify.Ended]; !ok {
			t.Error("no has-ended reminder")
		}
		if again, _ := p.svc.RemindNow(ctx, id); again != 0 {
			t.Errorf("the test clock fired %d reminders a second time", again)
		}

		// A cancelled rental's reminders are cancelled with it.
		other := reserved(t, db, u, 4*time.Hour, time.Hour)
		p.change(t, u, other, func(o *order.Order) { o.Status = order.Booked })
		s1, e1, d1 := orderJobs(t, db, other)
		p.change(t, u, other, func(o *order.Order) { o.Status = order.Cancelled })
		for _, j := range []int64{s1, e1, d1} {
			if s := jobState(t, db, j); s != "cancelled" {
				t.Errorf("reminder %d of a cancelled order is %s", j, s)
			}
		}
		if due, _ := p.svc.RemindNow(ctx, other); due != 0 {
			t.Errorf("a cancelled order has %d reminders to fire", due)
		}
	})
}

func tallinn(t *testing.T) *time.Location {
	l, err := time.LoadLocation("Europe/Tallinn") // time/tzdata (imported below) has it on any machine
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestPaymentFailureAndRefundNotify: a declined payment and money given back
// each notify once, in English for an English account, with the params the
// app words them from; a declined order that is closed offers no retry.
func TestPaymentFailureAndRefundNotify(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		p := start(t, db, newSent())
		u := user(t, db, "en", "tok-2")
		failed := reserved(t, db, u, 2*time.Hour, time.Hour)
		p.change(t, u, failed, func(o *order.Order) { o.Status, o.PaymentState = order.Failed, order.PaymentFailed })
		paid := reserved(t, db, u, 2*time.Hour, time.Hour)
		p.change(t, u, paid, func(o *order.Order) { o.Status, o.PaidCents = order.Booked, 1250 })
		p.change(t, u, paid, func(o *order.Order) { o.Status = order.Refunded; o.Refunded(1250, time.Now()) })
		p.change(t, u, paid, func(o *order.Order) { o.CancelNote = "saved again" })
		got := map[notify.Kind]int{}
		var refund, declined notify.Notification
		for _, n := range list(t, p, u).Items {
			got[n.Kind]++
			switch n.Kind {
			case notify.RefundMade:
				refund = n
			case notify.PaymentFailed:
				declined = n
			}
		}
		if got[notify.PaymentFailed] != 1 || got[notify.BookingConfirmed] != 1 || got[notify.RefundMade] != 1 || len(got) != 3 {
			t.Fatalf("notified %v", got)
		}
		if refund.Title != "Money refunded" || !strings.Contains(refund.Body, "€12.50") ||
			refund.Params.AmountCents != 1250 || refund.Params.Station != "Viru Keskus" || refund.Params.TimeZone != "Europe/Tallinn" {
			t.Errorf("refund: %+v", refund)
		}
		if strings.Contains(declined.Body, "try again") || !strings.Contains(declined.Body, "you can book again") ||
			declined.Params.Extension || !declined.Params.Until.IsZero() {
			t.Errorf("declined: %+v", declined)
		}
	})
}

// TestOperatorRefundCarriesItsReason (issue 42): a refund made under an
// operator's reason (order.WithRefundReason, as the back office's refund
// does) tells the customer that reason; a refund without one keeps the plain words.
func TestOperatorRefundCarriesItsReason(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		p := start(t, db, newSent())
		u := user(t, db, "en", "tok-r")
		paid := reserved(t, db, u, 2*time.Hour, time.Hour)
		p.change(t, u, paid, func(o *order.Order) { o.Status, o.PaidCents = order.Booked, 1250 })
		ctx := order.WithRefundReason(context.Background(), "Locker A02 was dirty")
		if _, err := p.orders.Change(ctx, u, paid, func(_ context.Context, _ order.Tx, o *order.Order) error {
			o.Refunded(500, time.Now())
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		p.change(t, u, paid, func(o *order.Order) { o.Refunded(250, time.Now()) }) // no reason: a cancel's words
		var withReason, plain []notify.Notification
		for _, n := range list(t, p, u).Items {
			if n.Kind != notify.RefundMade {
				continue
			}
			if n.Params.Reason != "" {
				withReason = append(withReason, n)
			} else {
				plain = append(plain, n)
			}
		}
		if len(withReason) != 1 || len(plain) != 1 {
			t.Fatalf("refunds: %d with a reason, %d without", len(withReason), len(plain))
		}
		r := withReason[0]
		if r.Params.Reason != "Locker A02 was dirty" || r.Params.AmountCents != 500 || r.OrderID != paid ||
			r.Body != "Our staff refunded €5.00 for your booking at Viru Keskus. Reason: Locker A02 was dirty" {
			t.Errorf("operator refund: %+v", r)
		}
		if plain[0].Body != "We refunded €2.50 for your booking at Viru Keskus." {
			t.Errorf("plain refund: %+v", plain[0])
		}
	})
}

// TestDeclinedPaymentSaysWhatIsTrue (issue 28): a declined order payment
// keeps the order held for another try until its hold ends, and says until
// when; a declined extension is dropped and says the rental ends as before,
// with no "try again" in either.
func TestDeclinedPaymentSaysWhatIsTrue(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		p := start(t, db, newSent())
		u := user(t, db, "en", "tok-3")
		unpaid := reserved(t, db, u, 2*time.Hour, time.Hour)
		var holdEnd time.Time
		p.change(t, u, unpaid, func(o *order.Order) {
			o.Status, o.PaymentState = order.Unpaid, order.PaymentFailed
			holdEnd = o.ReservedUntil
		})
		extended := reserved(t, db, u, 2*time.Hour, time.Hour)
		p.change(t, u, extended, func(o *order.Order) { o.Status = order.Booked })
		p.change(t, u, extended, func(o *order.Order) { o.PaymentState = order.PaymentFailed })
		byOrder := map[string]notify.Notification{}
		for _, n := range list(t, p, u).Items {
			if n.Kind == notify.PaymentFailed {
				byOrder[n.OrderID] = n
			}
		}
		held, ext := byOrder[unpaid], byOrder[extended]
		if !held.Params.Until.Equal(holdEnd) || held.Params.Extension ||
			!strings.Contains(held.Body, "held for you until "+holdEnd.In(tallinn(t)).Format("2 Jan 2006, 15:04")) {
			t.Errorf("declined order: %+v", held)
		}
		if !ext.Params.Extension || !ext.Params.Until.IsZero() || ext.Title != "Extension not paid" ||
			!strings.Contains(ext.Body, "still ends at") {
			t.Errorf("declined extension: %+v", ext)
		}
		for _, n := range []notify.Notification{held, ext} {
			if strings.Contains(n.Body, "try again") {
				t.Errorf("%s offers a retry: %q", n.OrderID, n.Body)
			}
		}
	})
}
