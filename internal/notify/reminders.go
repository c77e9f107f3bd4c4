package notify

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"lockers/internal/order"
	"lockers/internal/txn"
)

// Lead is how long before a rental's start and end the reminders go out.
const Lead = time.Hour

// ReminderArgs is one reminder of a rental (a job's arguments): At is the
// start (StartsSoon) or the end (EndsSoon, Ended) it was scheduled for; an
// order whose time moved since gets nothing from it.
type ReminderArgs struct {
	OrderID string    `json:"order_id"`
	Of      Kind      `json:"kind"`
	At      time.Time `json:"at"`
}

// Kind names the job.
func (ReminderArgs) Kind() string { return "notify_reminder" }

// Remind works a reminder's job, with other due reminders (remindMany).
func (s *Service) Remind(ctx context.Context, a ReminderArgs) error {
	return s.remindMany(ctx, a)
}

// reminderEvent is what reminder a says of its order f now; false when the
// order is no longer live or its time moved (the new time has its own job).
// Its key (order, kind, time) makes the notification's id, so a retried or
// doubly worked reminder adds nothing.
func reminderEvent(f OrderFacts, a ReminderArgs) (Event, bool) {
	if !remindable(order.Status(f.Status)) {
		return Event{}, false
	}
	at := f.End
	if a.Of == StartsSoon {
		at = f.Start
	}
	if !at.Equal(a.At) {
		return Event{}, false
	}
	return Event{UserID: f.UserID, Kind: a.Of, OrderID: f.ID,
		Params: Params{Station: f.StationName, Start: f.Start, End: f.End, TimeZone: f.StationZone},
		Key:    "reminder:" + f.ID + ":" + string(a.Of) + ":" + strconv.FormatInt(a.At.Unix(), 10)}, true
}

// remindable statuses are the rentals a reminder is still about.
func remindable(s order.Status) bool {
	return s.Confirmed() || s == order.Expired || s == order.Finalized
}

// OrderSaved is the orders' save hook (ordersql.OnSave): in the transaction
// that changed o, it tells the user what changed and keeps the reminders in
// step: scheduled when o is booked, moved when its end moves, cancelled when
// it is cancelled, refunded, failed or deleted.
func (s *Service) OrderSaved(ctx context.Context, tx txn.Tx, o order.Order) error {
	st, found, err := s.store.OrderState(ctx, tx, o.ID)
	if err != nil {
		return fmt.Errorf("notify: order state: %w", err)
	}
	failed := o.PaymentState == order.PaymentFailed
	if !found {
		if !o.Status.Confirmed() && !failed {
			return nil // nothing to tell yet (reserved, unpaid, ...)
		}
		st = OrderState{OrderID: o.ID}
	}
	next := st
	next.Status, next.End, next.PaymentState, next.RefundedCents = string(o.Status), o.End, string(o.PaymentState), o.RefundedCents
	p := Params{Station: o.Station.Name, Start: o.Start, End: o.End, TimeZone: o.Station.TimeZone}
	event := func(k Kind, key string, p Params) error {
		return s.PublishTx(ctx, tx, Event{UserID: o.UserID, Kind: k, OrderID: o.ID, Params: p, Key: key})
	}
	switch {
	case o.Status.Confirmed() && !wasBooked(st, found):
		// The confirmation's deliveries go in the reminders' insert.
		deliveries, err := s.publishJobs(ctx, tx, Event{UserID: o.UserID, Kind: BookingConfirmed, OrderID: o.ID,
			Params: p, Key: "booked:" + o.ID})
		if err != nil {
			return err
		}
		if err := s.schedule(ctx, tx, o, &next, true, deliveries...); err != nil {
			return err
		}
	case o.Status.Confirmed() && !o.End.Equal(st.End):
		if err := s.cancelJobs(ctx, tx, &next, false); err != nil {
			return err
		}
		if err := s.schedule(ctx, tx, o, &next, false); err != nil {
			return err
		}
	case o.Status.Releases():
		if err := s.cancelJobs(ctx, tx, &next, true); err != nil {
			return err
		}
	}
	if failed && st.PaymentState != string(order.PaymentFailed) {
		// Say only what is true: a declined order waits for another try until its
		// hold ends; a declined extension is dropped, with nothing to try again.
		fp := p
		switch {
		case o.Status.Confirmed():
			fp.Extension = true
		case o.Status == order.Unpaid || o.Status == order.Processing:
			fp.Until = o.ReservedUntil
		}
		if err := event(PaymentFailed, "payment_failed:"+o.ID+":"+strconv.FormatInt(o.UpdatedAt.UnixNano(), 10), fp); err != nil {
			return err
		}
	}
	if x := o.PaidExtension; x != nil {
		// A paid extension is told as a booking is (issue 46): its new end and its price.
		xp := p
		xp.End, xp.AmountCents = x.NewEnd, x.AmountCents
		if err := event(ExtensionPaid, "extension_paid:"+o.ID+":"+strconv.FormatInt(x.CreatedAt.UnixNano(), 10), xp); err != nil {
			return err
		}
	}
	if o.RefundedCents > st.RefundedCents {
		rp := p
		rp.AmountCents = o.RefundedCents - st.RefundedCents
		rp.Reason = order.RefundReason(ctx) // an operator's refund says why (issue 42)
		if err := event(RefundMade, "refund:"+o.ID+":"+strconv.FormatInt(o.RefundedCents, 10), rp); err != nil {
			return err
		}
	}
	if found && next == st {
		return nil
	}
	return s.store.SaveOrderState(ctx, tx, next)
}

// wasBooked reports whether the order had been booked when st was saved.
func wasBooked(st OrderState, found bool) bool {
	return found && (st.StartJob != 0 || st.EndJob != 0 || st.EndedJob != 0 ||
		slices.Contains([]order.Status{order.Booked, order.Active, order.Extended, order.Expired, order.Finalized},
			order.Status(st.Status)))
}

// schedule inserts the reminders of o that are still ahead: the start's when
// withStart, always the end's, in one statement with also (jobs whose ids
// nobody keeps): a booking's transaction pays for one job insert, not four.
func (s *Service) schedule(ctx context.Context, tx txn.Tx, o order.Order, st *OrderState, withStart bool, also ...txn.Job) error {
	now := s.now()
	var (
		jobs = slices.Clip(also)         // appending must not write into the caller's array
		ids  = make([]*int64, len(also)) // nil: an id not kept
	)
	add := func(id *int64, k Kind, at, due time.Time) {
		*id = 0
		if due.After(now) {
			jobs = append(jobs, reminderJob(o.ID, k, at, due))
			ids = append(ids, id)
		}
	}
	if withStart {
		add(&st.StartJob, StartsSoon, o.Start, o.Start.Add(-Lead))
	}
	add(&st.EndJob, EndsSoon, o.End, o.End.Add(-Lead))
	add(&st.EndedJob, Ended, o.End, o.End)
	got, err := s.queue.EnqueueIDs(ctx, tx, jobs...)
	if err != nil {
		return err
	}
	for i, id := range got {
		if ids[i] != nil {
			*ids[i] = id
		}
	}
	return nil
}

// reminderJob is the job of the reminder of kind about an order's start or
// end at, due at due.
func reminderJob(orderID string, kind Kind, at, due time.Time) txn.Job {
	return txn.Job{Args: ReminderArgs{OrderID: orderID, Of: kind, At: at.UTC()}, At: due, MaxAttempts: 5}
}

// ScheduleTx inserts in tx the reminder of kind about an order's start or end
// at (as it is now), due at due, and returns its job id.
func (s *Service) ScheduleTx(ctx context.Context, tx txn.Tx, orderID string, kind Kind, at, due time.Time) (int64, error) {
	return s.queue.EnqueueID(ctx, tx, reminderJob(orderID, kind, at, due))
}

// Reminder is one reminder to schedule in bulk (ScheduleManyTx).
type Reminder struct {
	OrderID string
	Kind    Kind
	At, Due time.Time
}

// ScheduleManyTx inserts many reminders in tx in batched statements, for
// loading a backlog (their ids are not kept: they cannot be moved one by one).
func (s *Service) ScheduleManyTx(ctx context.Context, tx txn.Tx, rs []Reminder) error {
	jobs := make([]txn.Job, len(rs))
	for i, r := range rs {
		jobs[i] = reminderJob(r.OrderID, r.Kind, r.At, r.Due)
	}
	return s.queue.Enqueue(ctx, tx, jobs...)
}

// cancelJobs cancels the end's reminders, and the start's when withStart.
func (s *Service) cancelJobs(ctx context.Context, tx txn.Tx, st *OrderState, withStart bool) error {
	ids := []*int64{&st.EndJob, &st.EndedJob}
	if withStart {
		ids = append(ids, &st.StartJob)
	}
	for _, id := range ids {
		if *id == 0 {
			continue
		}
		if err := s.queue.Cancel(ctx, tx, *id); err != nil {
			return fmt.Errorf("notify: cancel reminder: %w", err)
		}
		*id = 0
	}
	return nil
}

// RemindNow is the test clock (TEST_CLOCK): the order's waiting reminders are
// made due at once, as if their time had come. It reports how many.
func (s *Service) RemindNow(ctx context.Context, orderID string) (int, error) {
	var st OrderState
	err := s.store.InTx(ctx, func(tx txn.Tx) error {
		var err error
		st, _, err = s.store.OrderState(ctx, tx, orderID)
		return err
	})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range []int64{st.StartJob, st.EndJob, st.EndedJob} {
		if id == 0 {
			continue
		}
		ok, err := s.queue.RunNow(ctx, id)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}
