package notifysql_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"lockers/internal/demo"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/jobs"
	"lockers/internal/notify"
	"lockers/internal/notify/notifysql"
	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/store"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// sent records what the channels delivered, by notification id.
type sent struct {
	mu    sync.Mutex
	push  map[string]int // notification id → pushes
	mail  map[string]int // subject → e-mails
	sms   int
	dead  map[string]bool // tokens the push service reports dead
	fail  map[string]int  // tokens whose next pushes fail, how many
	order []string        // push titles in order
}

func newSent() *sent {
	return &sent{push: map[string]int{}, mail: map[string]int{}, dead: map[string]bool{}, fail: map[string]int{}}
}

func (s *sent) Push(_ context.Context, t notify.PushToken, m notify.PushMessage) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dead[t.Token] {
		return notify.ErrDeadToken
	}
	if s.fail[t.Token] > 0 {
		s.fail[t.Token]--
		return errors.New("push service unavailable")
	}
	s.push[m.Data["notificationId"]]++
	s.order = append(s.order, m.Title)
	return nil
}

func (s *sent) SendMail(_ context.Context, _, subject, _, _ string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mail[subject]++
	return nil
}

func (s *sent) SendSMS(context.Context, string, string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sms++
	return nil
}

func (s *sent) pushes() (total, max int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range s.push {
		total += n
		max = maxInt(max, n)
	}
	return total, max
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// proc is one lockerd's notifications: its pool, service and queue.
type proc struct {
	db     *store.DB
	svc    *notify.Service
	q      *jobs.Queue
	orders *ordersql.Store
}

// workers registers the notification jobs' workers, as lockerd does.
func workers(svc *notify.Service) func(*river.Workers) {
	return func(w *river.Workers) {
		jobs.Handle(w, svc.Deliver)
		jobs.Handle(w, svc.Remind)
		jobs.Handle(w, svc.PushMany)
	}
}

// start makes a process on db with its own queue working the notification jobs.
func start(t *testing.T, db *store.DB, out *sent) proc {
	t.Helper()
	return startOn(t, db, out, nil)
}

// startOn is start on the clock now (nil: the real one), which the service and
// the queue (River included) both go by, as lockerd's test build does.
func startOn(t *testing.T, db *store.DB, out *sent, now func() time.Time) proc {
	t.Helper()
	ctx := context.Background()
	if err := jobs.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	svc, err := notify.NewService(notify.Deps{Store: notifysql.New(db), Push: out, Mail: out, SMS: out, Logger: quiet, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	q, err := jobs.New(db, jobs.Options{Workers: workers(svc), PollEvery: 100 * time.Millisecond, Log: quiet, Now: now, NowShifted: now != nil})
	if err != nil {
		t.Fatal(err)
	}
	svc.UseQueue(q)
	ordersql.OnSave(db, svc.OrderSaved)
	ordersql.OnLapse(db, svc.ExtensionLapsed)
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ordersql.OnSave(db, nil)
		ordersql.OnLapse(db, nil)
		stop, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = q.Stop(stop)
	})
	return proc{db: db, svc: svc, q: q, orders: ordersql.New(db)}
}

// user makes an account in lang with a push token on its device.
func user(t *testing.T, db *store.DB, lang, token string) string {
	t.Helper()
	id := invoicetest.User(t, db, "Mari", "Maasikas", lang)
	now := time.Now().UTC()
	if _, err := db.ExecContext(context.Background(), `INSERT INTO devices (id, user_id, push_type, push_token,
		created_at, updated_at) VALUES ($1, $2, 'fcm', $3, $4, $4)`, uuid.NewString(), id, token, now); err != nil {
		t.Fatal(err)
	}
	return id
}

// reserved inserts a reserved order of the user starting in `in` for `span`.
func reserved(t *testing.T, db *store.DB, userID string, in, span time.Duration) string {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Second)
	return reservedAt(t, db, userID, now, now.Add(in), now.Add(in+span))
}

// reservedAt inserts a reserved order of the user made at now, from start to end.
func reservedAt(t *testing.T, db *store.DB, userID string, now, start, end time.Time) string {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	id := uuid.NewString()
	if _, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type,
		temperature, starts_at, ends_at, reserved_until, created_at, updated_at)
		VALUES ($1, $2, $3, 'reserved', 'small', 'standard', 'cool', $4, $5, $6, $7, $7)`,
		id, userID, demo.Stations[0].ID, start.UTC(), end.UTC(), now.Add(15*time.Minute).UTC(), now.UTC()); err != nil {
		t.Fatal(err)
	}
	return id
}

// change applies fn to the order through the orders' store (and so its save hook).
func (p proc) change(t *testing.T, userID, id string, fn func(o *order.Order)) order.Order {
	t.Helper()
	o, err := p.orders.Change(context.Background(), userID, id, func(_ context.Context, _ order.Tx, o *order.Order) error {
		fn(o)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// eventually waits for ok, up to 2 minutes (or until 30 s before the test
// binary's deadline): it returns as soon as ok holds, and a loaded machine
// running -race took over 20 s to deliver a due reminder.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	if d, set := t.Deadline(); set && d.Add(-30*time.Second).Before(deadline) {
		deadline = d.Add(-30 * time.Second)
	}
	for ; !ok(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// drained waits until no notification job is left to run: every one completed, or given
// up. A duplicate push would come from a job that ran again, so once the queue is drained
// every push there will be has arrived, and the test can count them.
func drained(t *testing.T, db *store.DB) {
	t.Helper()
	eventually(t, "the notification jobs drained", func() bool {
		var left int
		err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM river_job
			WHERE kind LIKE 'notify%' AND state NOT IN ('completed', 'discarded', 'cancelled')`).Scan(&left)
		return err == nil && left == 0
	})
}

func list(t *testing.T, p proc, userID string) notify.Page {
	t.Helper()
	page, err := p.svc.List(context.Background(), userID, notify.Cursor{}, 100)
	if err != nil {
		t.Fatal(err)
	}
	return page
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

// bookedWithLocker is a paid booked order of the user, from two hours ahead for three, with a locker
// assigned: the order an extension (offered, paid or lapsed) is made on.
func (p proc) bookedWithLocker(t *testing.T, userID string) (id, lockerID string, booked order.Order) {
	t.Helper()
	id = reserved(t, p.db, userID, 2*time.Hour, 3*time.Hour)
	booked = p.change(t, userID, id, func(o *order.Order) { o.Status, o.PaidCents = order.Booked, 1000 })
	lockerID = uuid.NewString()
	if _, err := p.db.ExecContext(context.Background(), `INSERT INTO order_lockers (id, order_id, locker_id,
		delivery_code, picking_code, starts_at, ends_at) VALUES ($1, $2, $3, '111111', '222222', $4, $5)`,
		lockerID, id, demo.LockerID(1, 1), booked.Start.UTC(), booked.End.UTC()); err != nil {
		t.Fatal(err)
	}
	return id, lockerID, booked
}
