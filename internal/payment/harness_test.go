package payment_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account/accounttest"
	"lockers/internal/apperr"
	"lockers/internal/clock/clocktest"
	"lockers/internal/demo"
	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/payment"
	"lockers/internal/payment/paymentsql"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// start is "now" unless a test moves the clock: a Friday in June.
var start = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

// env is a migrated database with the demo stations, the orders and payments
// services on one clock, a scriptable provider and a recording invoicer.
type env struct {
	t        *testing.T
	ctx      context.Context
	db       *store.DB
	clock    *clocktest.Clock
	orders   *order.Service
	payments *payment.Service
	provider *fakeProvider
	invoices *invoices
	returned *[]payment.Returned // what the customer was told came back
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	c := clocktest.NewClock(start)
	prov := newFakeProvider()
	inv := &invoices{}
	var (
		mu       sync.Mutex
		returned []payment.Returned
	)
	pays, err := payment.NewService(payment.Deps{Store: paymentsql.New(db), Provider: prov, Invoicer: inv,
		PublicURL: "https://lockers.example", Timeout: 200 * time.Millisecond, Now: c.Now,
		Returned: func(_ context.Context, r payment.Returned) error {
			mu.Lock()
			defer mu.Unlock()
			returned = append(returned, r)
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	stations := station.NewService(stationsql.New(db), c.Now)
	orders, err := order.NewService(order.Deps{Store: ordersql.New(db), Stations: stations,
		Coupons: promo.NewService(promosql.New(db), c.Now), Refunds: pays, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, ctx: ctx, db: db, clock: c, orders: orders, payments: pays, provider: prov, invoices: inv,
		returned: &returned}
}

// each runs fn on SQLite and PostgreSQL with a fresh env. The tests share
// nothing but the PostgreSQL server, so they run side by side: most of their
// time is spent waiting for databases to be made and written.
func each(t *testing.T, fn func(t *testing.T, e *env)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newEnv(t, db)) })
}

// user inserts a verified user without coupons: every order costs money.
func (e *env) user() string { return accounttest.VerifiedUser(e.t, e.ctx, e.db, e.clock.Now()) }

// unpaid creates and confirms an order of one small neutral locker at Viru
// Keskus tomorrow (500 cents): it waits for payment.
func (e *env) unpaid(userID string) order.Order {
	e.t.Helper()
	o, err := e.orders.Create(e.ctx, userID, order.CreateInput{StationID: demo.Stations[0].ID,
		Product: station.Product{Height: "small", Type: "standard", Temperature: "neutral"},
		Start:   "2026-06-06", End: "2026-06-06"})
	if err != nil {
		e.t.Fatal(err)
	}
	if o, err = e.orders.Confirm(e.ctx, userID, o.ID, true); err != nil || o.Status != order.Unpaid {
		e.t.Fatalf("confirm: %s, %v", o.Status, err)
	}
	return o
}

// card saves a card for the user through the setup flow and its notification.
func (e *env) card(userID, ref string) payment.Method {
	e.t.Helper()
	m, url, err := e.payments.AddMethod(e.ctx, userID, "", "en")
	if err != nil || url == "" || m.State != payment.MethodInitial {
		e.t.Fatalf("add: %+v, %q, %v", m, url, err)
	}
	e.event(payment.Event{Kind: payment.EventMethodReady, MethodID: m.ID,
		Card: payment.Card{Ref: ref, CustomerRef: "cus_1", Brand: "visa", Last4: "4242", ExpMonth: 12, ExpYear: 2030}})
	m, err = e.payments.Method(e.ctx, userID, m.ID)
	if err != nil || !m.Usable() {
		e.t.Fatalf("card not saved: %+v, %v", m, err)
	}
	return m
}

// event delivers a verified notification with a fresh id (unless it has one).
func (e *env) event(ev payment.Event) payment.Event {
	e.t.Helper()
	if ev.ID == "" {
		ev.ID = "evt_" + uuid.NewString()
	}
	ev.Provider = "demo"
	if err := e.payments.HandleEvent(e.ctx, ev); err != nil {
		e.t.Fatalf("event %s: %v", ev.Kind, err)
	}
	return ev
}

// paidEvent is the provider's "paid" for payment p.
func paidEvent(p payment.Payment) payment.Event {
	return payment.Event{Kind: payment.EventPaymentPaid, PaymentID: p.ID, Ref: "ref_" + p.ID,
		AmountCents: p.AmountCents, Currency: "eur"}
}

func (e *env) order(userID, id string) order.Order {
	e.t.Helper()
	o, err := e.orders.Get(e.ctx, userID, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return o
}

// payments lists an order's payments, oldest first.
func (e *env) paymentsOf(orderID string) []payment.Payment {
	e.t.Helper()
	rows, err := e.db.QueryContext(e.ctx, `SELECT id FROM payments WHERE order_id = $1 ORDER BY created_at, id`, orderID)
	if err != nil {
		e.t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			e.t.Fatal(err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	out := make([]payment.Payment, 0, len(ids))
	for _, id := range ids {
		p, err := paymentsql.New(e.db).Payment(e.ctx, id)
		if err != nil {
			e.t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// refunded sums the refunds the provider was asked for and accepted.
func (e *env) refunds(orderID string) (n int, cents int64) {
	e.t.Helper()
	if err := e.db.QueryRowContext(e.ctx, `SELECT count(*), coalesce(sum(amount_cents), 0) FROM refunds
		WHERE order_id = $1 AND state = 'succeeded'`, orderID).Scan(&n, &cents); err != nil {
		e.t.Fatal(err)
	}
	return n, cents
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); err == nil || got != code {
		t.Fatalf("error %v (code %s), want %s", err, got, code)
	}
}

// fakeProvider is a scriptable payment provider. It remembers every call and
// the idempotency keys it saw, and answers like a real one would: the same key
// gets the same answer.
type fakeProvider struct {
	mu        sync.Mutex
	charges   []payment.ChargeRequest
	checkouts []payment.CheckoutRequest
	refunds   []payment.RefundRequest
	expired   []string // checkout refs ended
	byKey     map[string]payment.Result
	// chargeOutcome is what a new charge answers; chargeErr fails charges
	// (a timeout), slow makes every call wait that long.
	chargeOutcome payment.Outcome
	chargeErr     error
	refundErr     error
	refundsLeft   int                       // with refundErr: refunds that still succeed before it applies
	status        map[string]payment.Result // ref → answer of Status
	slow          time.Duration
}

func newFakeProvider() *fakeProvider {
	return &fakeProvider{byKey: map[string]payment.Result{}, status: map[string]payment.Result{},
		chargeOutcome: payment.OutcomeProcessing}
}

func (f *fakeProvider) wait(ctx context.Context) error {
	f.mu.Lock()
	slow := f.slow
	f.mu.Unlock()
	if slow == 0 {
		return nil
	}
	select {
	case <-time.After(slow):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (f *fakeProvider) Name() string { return "demo" }

func (f *fakeProvider) StartSetup(ctx context.Context, r payment.SetupRequest) (payment.Hosted, error) {
	if err := f.wait(ctx); err != nil {
		return payment.Hosted{}, err
	}
	return payment.Hosted{URL: "https://pay.example/setup/" + r.MethodID, Ref: "seti_" + r.MethodID, CustomerRef: "cus_1"}, nil
}

func (f *fakeProvider) StartCheckout(ctx context.Context, r payment.CheckoutRequest) (payment.Hosted, error) {
	if err := f.wait(ctx); err != nil {
		return payment.Hosted{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.checkouts = append(f.checkouts, r)
	return payment.Hosted{URL: "https://pay.example/checkout/" + r.PaymentID, Ref: "cs_" + r.PaymentID}, nil
}

// Charge charges unless chargeErr says the provider is down. With slow set,
// the charge happens but its answer comes too late: the caller times out.
func (f *fakeProvider) Charge(ctx context.Context, r payment.ChargeRequest) (payment.Result, error) {
	f.mu.Lock()
	f.charges = append(f.charges, r)
	if f.chargeErr != nil {
		defer f.mu.Unlock()
		return payment.Result{}, f.chargeErr
	}
	res, ok := f.byKey[r.IdempotencyKey]
	if !ok {
		res = payment.Result{Ref: "pi_" + r.PaymentID, Outcome: f.chargeOutcome, AmountCents: r.AmountCents, Currency: r.Currency}
		f.byKey[r.IdempotencyKey] = res
	}
	f.mu.Unlock()
	if err := f.wait(ctx); err != nil {
		return payment.Result{}, err
	}
	return res, nil
}

// distinctCharges counts the charges the provider would really have made:
// one per idempotency key.
func (f *fakeProvider) distinctCharges() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.byKey)
}

// Ledger lists the entries the test put in ledger.
func (f *fakeProvider) Ledger(context.Context, time.Time, time.Time) ([]payment.LedgerEntry, error) {
	return nil, payment.ErrNoLedger
}

// ExpireCheckout records the link ended.
func (f *fakeProvider) ExpireCheckout(_ context.Context, p payment.Payment) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.expired = append(f.expired, p.ProviderRef)
	return nil
}

func (f *fakeProvider) Status(_ context.Context, p payment.Payment) (payment.Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if res, ok := f.status[p.ProviderRef]; ok {
		return res, nil
	}
	return payment.Result{}, errors.New("fake: unknown payment")
}

// Refund refunds once per idempotency key. With slow set, the refund happens
// but its answer comes too late.
func (f *fakeProvider) Refund(ctx context.Context, r payment.RefundRequest) (string, error) {
	f.mu.Lock()
	replay := false
	for _, old := range f.refunds {
		replay = replay || old.IdempotencyKey == r.IdempotencyKey
	}
	if !replay {
		if f.refundErr != nil && f.refundsLeft == 0 {
			defer f.mu.Unlock()
			return "", f.refundErr
		}
		if f.refundErr != nil {
			f.refundsLeft--
		}
		f.refunds = append(f.refunds, r)
	}
	f.mu.Unlock()
	if err := f.wait(ctx); err != nil {
		return "", err
	}
	return "re_" + r.RefundID, nil
}

func (f *fakeProvider) refundCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.refunds)
}

func (f *fakeProvider) Detach(context.Context, payment.Method) error { return nil }

func (f *fakeProvider) Parse(context.Context, []byte, string) (payment.Event, error) {
	return payment.Event{}, errors.New("fake: notifications are handed in directly")
}

// invoices records what the invoicer was told.
type invoices struct {
	mu       sync.Mutex
	paid     []payment.PaidFacts
	refunded []payment.RefundFacts
}

func (i *invoices) Paid(_ context.Context, fs []payment.PaidFacts) []error {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.paid = append(i.paid, fs...)
	return make([]error, len(fs))
}

func (i *invoices) Refunded(_ context.Context, f payment.RefundFacts) error {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.refunded = append(i.refunded, f)
	return nil
}
