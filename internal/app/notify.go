package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"lockers/internal/adapters/fcm"
	"lockers/internal/backoffice"
	"lockers/internal/clock"
	"lockers/internal/config"
	"lockers/internal/hardware"
	"lockers/internal/jobs"
	"lockers/internal/notify"
	"lockers/internal/notify/notifysql"
	"lockers/internal/order/ordersql"
	"lockers/internal/payment"
	"lockers/internal/store"
	"lockers/internal/txn"
)

// newNotify returns the notification service with its push adapter: FCM when
// FCM_CREDENTIALS is set, the log otherwise. Its jobs start with the queue
// (startNotify).
func newNotify(cfg config.Config, db *store.DB, mailer notify.Mailer, texter notify.Texter, log *slog.Logger) (*notify.Service, error) {
	var push notify.Pusher = fcm.Log{Logger: log}
	if cfg.FCMCredentials != "" {
		key := []byte(cfg.FCMCredentials)
		if !strings.HasPrefix(strings.TrimSpace(cfg.FCMCredentials), "{") {
			var err error
			if key, err = os.ReadFile(cfg.FCMCredentials); err != nil {
				return nil, fmt.Errorf("FCM_CREDENTIALS: %w", err)
			}
		}
		c, err := fcm.New(context.Background(), key, "", 15*time.Second)
		if err != nil {
			return nil, fmt.Errorf("FCM_CREDENTIALS: %w", err)
		}
		push = c
	}
	return notify.NewService(notify.Deps{Store: notifysql.New(db), Push: push, Mail: mailer, SMS: texter,
		Now: clock.Now, Logger: log})
}

// notifyWorkers registers the notification jobs' workers on the queue.
func notifyWorkers(svc *notify.Service) func(*river.Workers) {
	return func(w *river.Workers) {
		jobs.Handle(w, svc.Deliver)
		jobs.Handle(w, svc.Remind)
		jobs.Handle(w, svc.PushMany)
	}
}

// startNotify gives the service its queue and hooks it into every order save,
// so bookings, extensions, cancellations, failed payments and refunds notify
// in their own transaction.
func startNotify(db *store.DB, svc *notify.Service, q notify.Queue) {
	svc.UseQueue(q)
	ordersql.OnSave(db, svc.OrderSaved)
	ordersql.OnLapse(db, svc.ExtensionLapsed)
}

// testClock serves POST /c-core/test/remind?order=ID (TEST_CLOCK only): the
// order's waiting reminders become due now, as if their time had come.
func testClock(svc *notify.Service) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := svc.RemindNow(r.Context(), r.URL.Query().Get("order"))
		if err != nil {
			httpError(w, r, nil, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]int{"due": n})
	})
}

func testClockIf(on bool, svc *notify.Service) http.Handler {
	if !on {
		return nil
	}
	return testClock(svc)
}

// doorAlarms tells the renter of a compartment whose door was left open, or
// opened with no order of lockerd's.
func doorAlarms(svc *notify.Service, log *slog.Logger) func(context.Context, hardware.Raised) {
	return func(ctx context.Context, r hardware.Raised) {
		var err error
		switch r.Issue {
		case hardware.IssueDoorLeftOpen:
			err = svc.DoorLeftOpen(ctx, r.OrderLockerID, r.Label)
		case hardware.IssueUnexpectedOpen:
			err = svc.UnexpectedDoorOpening(ctx, r.OrderLockerID, r.Label)
		default:
			return
		}
		if err != nil {
			log.ErrorContext(ctx, "notify: door alarm", "issue", string(r.Issue), "orderLocker", r.OrderLockerID, "err", err)
		}
	}
}

// issueAnswered tells a user an operator answered their report, in the
// note's transaction; the note's id makes it once-only.
func issueAnswered(svc *notify.Service) func(context.Context, txn.Tx, backoffice.Answer) error {
	return func(ctx context.Context, tx txn.Tx, a backoffice.Answer) error {
		return svc.PublishTx(ctx, tx, notify.Event{UserID: a.UserID, Kind: notify.IssueAnswered,
			Params: notify.Params{Answer: a.Text}, Key: "issue-note:" + a.NoteID})
	}
}

// lockerMoved tells a customer their booking moved to another compartment (an
// operator took the booked one out of service), in the move's transaction.
func lockerMoved(svc *notify.Service) func(context.Context, txn.Tx, backoffice.Moved) error {
	return func(ctx context.Context, tx txn.Tx, m backoffice.Moved) error {
		return svc.PublishTx(ctx, tx, notify.Event{UserID: m.UserID, Kind: notify.LockerMoved, OrderID: m.OrderID,
			Params: notify.Params{Station: m.StationName, Locker: m.ToLabel, Start: m.Start, End: m.End},
			Key:    "locker-moved:" + m.OrderLockerID + ":" + m.ToLabel})
	}
}

// operatorTold tells a customer of an operator's delete or pending extension,
// in the change's transaction, or in one of its own when tx is nil.
func operatorTold(svc *notify.Service) func(context.Context, txn.Tx, backoffice.Told) error {
	return func(ctx context.Context, tx txn.Tx, t backoffice.Told) error {
		e := notify.Event{UserID: t.UserID, Kind: notify.Kind(t.Kind), OrderID: t.OrderID, Key: t.Key,
			Params: notify.Params{Station: t.StationName, Start: t.Start, End: t.End, AmountCents: t.AmountCents,
				Until: t.Until, TimeZone: t.Zone}}
		if tx == nil {
			return svc.Publish(ctx, e)
		}
		return svc.PublishTx(ctx, tx, e)
	}
}

// paymentReturned tells a customer that money which came for an order that no
// longer waited for it (a stale payment link paid after a card) went back.
func paymentReturned(svc *notify.Service) func(context.Context, payment.Returned) error {
	return func(ctx context.Context, r payment.Returned) error {
		return svc.Publish(ctx, notify.Event{UserID: r.UserID, Kind: notify.PaymentReturned, OrderID: r.OrderID,
			Key: "payment-returned:" + r.RefundID, Params: notify.Params{Station: r.StationName, Start: r.Start,
				End: r.End, AmountCents: r.AmountCents, TimeZone: r.StationZone}})
	}
}
