package api_test

import (
	"context"
	"encoding/json"
	"io"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/adapters/demopay"
	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/identity"
	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/payment"
	"lockers/internal/payment/paymentsql"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/rpc"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// bookingAPI serves the station, order and coupon procedures on a database
// with the demo stations, at a fixed time.
type bookingAPI struct {
	t        *testing.T
	db       *store.DB
	procs    map[string]rpc.Procedure
	payments *payment.Service
	orders   *order.Service
}

var apiNow = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

// noInvoices accepts every payment and refund without issuing anything: the
// procedures under test here do not read invoices.
type noInvoices struct{}

func (noInvoices) Paid(_ context.Context, fs []payment.PaidFacts) []error {
	return make([]error, len(fs))
}
func (noInvoices) Refunded(context.Context, payment.RefundFacts) error { return nil }

// office is the back office on a's database at apiNow, with deps' ports and a silent log.
func (a *bookingAPI) office(deps backoffice.Deps) *backoffice.Service {
	a.t.Helper()
	deps.Store = officesql.New(a.db, func() time.Time { return apiNow })
	deps.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	office, err := backoffice.NewService(deps)
	if err != nil {
		a.t.Fatal(err)
	}
	return office
}

func newBookingAPI(t *testing.T, db *store.DB) *bookingAPI {
	t.Helper()
	return newBookingAPIWith(t, db, noInvoices{})
}

// newBookingAPIWith is newBookingAPI with the payments' invoicer given.
func newBookingAPIWith(t *testing.T, db *store.DB, invoicer payment.Invoicer) *bookingAPI {
	t.Helper()
	if err := demo.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return apiNow }
	stations := station.NewService(stationsql.New(db), now)
	coupons := promo.NewService(promosql.New(db), now)
	// The demo provider, not connected to a webhook: tests hand its notifications in.
	demoPay, err := demopay.New(demopay.Options{PublicURL: "https://lockers.example"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(demoPay.Close)
	payments, err := payment.NewService(payment.Deps{Store: paymentsql.New(db), Provider: demoPay,
		Invoicer: invoicer, PublicURL: "https://lockers.example", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	orders, err := order.NewService(order.Deps{Store: ordersql.New(db), Stations: stations, Coupons: coupons,
		Refunds: payments, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	a := &bookingAPI{t: t, db: db, procs: map[string]rpc.Procedure{}, payments: payments, orders: orders}
	for _, p := range api.Hybrid(api.Deps{Now: now, Stations: stations, Orders: orders, Coupons: coupons, Payments: payments}) {
		a.procs[p.Path] = p
	}
	return a
}

func (a *bookingAPI) user() context.Context {
	a.t.Helper()
	id := uuid.NewString()
	if _, err := a.db.ExecContext(context.Background(), `INSERT INTO users (id, email, created_at, updated_at)
		VALUES ($1, $2, $3, $3)`, id, id+"@example.com", apiNow); err != nil {
		a.t.Fatal(err)
	}
	return identity.With(context.Background(), identity.Principal{UserID: id, SessionID: "s"})
}

// call runs a procedure with a JSON input and decodes its answer into out.
func (a *bookingAPI) call(ctx context.Context, path, input string, out any) error {
	a.t.Helper()
	p, ok := a.procs[path]
	if !ok {
		a.t.Fatalf("no procedure %s", path)
	}
	var raw json.RawMessage
	if input != "" {
		raw = json.RawMessage(input)
	}
	res, err := p.Call(ctx, raw)
	if err != nil {
		return err
	}
	b, err := json.Marshal(res)
	if err != nil {
		a.t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			a.t.Fatal(err)
		}
	}
	return nil
}

func (a *bookingAPI) must(ctx context.Context, path, input string, out any) {
	a.t.Helper()
	if err := a.call(ctx, path, input, out); err != nil {
		a.t.Fatalf("%s: %v", path, err)
	}
}

func (a *bookingAPI) wantCode(ctx context.Context, path, input string, code apperr.Code) {
	a.t.Helper()
	if err := a.call(ctx, path, input, nil); apperr.CodeOf(err) != code {
		a.t.Errorf("%s %s: %v, want %s", path, input, err, code)
	}
}

func TestBookingProceduresAccess(t *testing.T) {
	t.Parallel()
	a := map[string]rpc.Access{}
	for _, p := range api.Hybrid(api.Deps{}) {
		a[p.Path] = p.Access
	}
	for path, want := range map[string]rpc.Access{
		"station.list": rpc.Public, "station.get": rpc.Public, "station.availability": rpc.Public,
		"order.create": rpc.User, "order.get": rpc.User, "order.list": rpc.User, "order.confirm": rpc.User,
		"order.cancel": rpc.User, "order.extend": rpc.User, "coupon.list": rpc.User, "coupon.register": rpc.User,
		"order.pay": rpc.User, "order.paymentLink": rpc.User, "paymentMethod.list": rpc.User, "paymentMethod.get": rpc.User,
		"paymentMethod.add": rpc.User, "paymentMethod.activate": rpc.User, "paymentMethod.deactivate": rpc.User,
		"paymentMethod.remove": rpc.User,
	} {
		if got, ok := a[path]; !ok || got != want {
			t.Errorf("%s: access %v (declared %v), want %v", path, got, ok, want)
		}
	}
}

func TestStationProceduresOnTheWire(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		ctx := context.Background()
		var list []api.StationView
		a.must(ctx, "station.list", "", &list)
		if len(list) != 3 || len(list[0].Products) != 6 || list[0].Products[0].Dimensions.Height == 0 || list[0].Products[0].Currency != "EUR" {
			t.Fatalf("station.list %+v", list)
		}
		var st api.StationView
		a.must(ctx, "station.get", `{"stationUuid":"`+demo.Stations[2].ID+`"}`, &st)
		if st.Name != "Tartu Kaubamaja" || st.TimeZone != "Europe/Tallinn" {
			t.Fatalf("station.get %+v", st)
		}
		a.wantCode(ctx, "station.get", `{}`, apperr.MissingParams)
		a.wantCode(ctx, "station.get", `{"stationUuid":"`+uuid.NewString()+`"}`, apperr.StationNotFound)

		var av api.AvailabilityView
		a.must(ctx, "station.availability", `{"stationUuid":"`+demo.Stations[0].ID+`","start":"2026-06-06","end":"2026-06-06"}`, &av)
		if av.Start != "2026-06-05T21:01:00Z" || av.End != "2026-06-06T20:59:00Z" || len(av.Products) != 6 {
			t.Fatalf("availability %+v", av)
		}
		p := av.Products[1] // small neutral
		if p.Temperature != "neutral" || p.Free != 3 || p.Total != 3 || p.Price.Cents != 500 || p.Price.VATCents != 97 || p.Price.VATPercent != 24 {
			t.Fatalf("product %+v", p)
		}
		a.wantCode(ctx, "station.availability", `{"stationUuid":"`+demo.Stations[0].ID+`","start":"2026-06-07","end":"2026-06-06"}`, apperr.StartAfterEnd)
		a.wantCode(ctx, "station.availability", `{"stationUuid":"`+demo.Stations[0].ID+`","end":"2026-06-06"}`, apperr.MissingParams)
	})
}

func TestOrderProceduresOnTheWire(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		me, other := a.user(), a.user()

		var coupon api.CouponView
		a.must(me, "coupon.register", `{"code":"next5"}`, &coupon)
		if coupon.Code != "NEXT5" || coupon.Remaining != 5 || coupon.Name.Et == "" || coupon.StationUUID != nil {
			t.Fatalf("coupon.register %+v", coupon)
		}
		a.wantCode(me, "coupon.register", `{"code":"NEXT5"}`, apperr.CouponAlreadyRegistered)
		a.wantCode(me, "coupon.register", `{"code":"WHATEVER"}`, apperr.CantRegisterCoupon)
		a.wantCode(me, "coupon.register", `{}`, apperr.MissingParams)

		create := `{"stationUuid":"` + demo.Stations[0].ID + `","height":"small","type":"standard","temperature":"cool",` +
			`"start":"2026-06-06","end":"2026-06-06","idempotencyKey":"k1"}`
		var o api.OrderView
		a.must(me, "order.create", create, &o)
		if o.Status != "reserved" || o.Label != "reserved" || o.ReservedUntil == nil || !o.CanConfirm || o.Coupon == nil || o.Coupon.Used {
			t.Fatalf("order.create %+v", o)
		}
		if len(o.Lockers) != 1 || len(o.Lockers[0].Delivery.Code) != 6 || o.Lockers[0].Delivery.State != "unused" ||
			o.Lockers[0].Picking.LastUsedAt != nil || o.Station.TimeZone != "Europe/Tallinn" {
			t.Fatalf("order lockers %+v", o.Lockers)
		}
		if o.TotalCents != 0 || len(o.PriceLines) != 2 || o.PriceLines[0].AmountCents != 700 || o.PriceLines[1].Kind != "coupon" {
			t.Fatalf("price %d, lines %+v", o.TotalCents, o.PriceLines)
		}
		var again api.OrderView
		a.must(me, "order.create", create, &again)
		if again.UUID != o.UUID {
			t.Fatal("the idempotency key made a second order")
		}
		a.wantCode(me, "order.create", `{"stationUuid":"`+demo.Stations[0].ID+`","height":"small","type":"standard","start":"2026-06-06","end":"2026-06-06"}`, apperr.MissingParams)

		ref := `{"orderUuid":"` + o.UUID + `"}`
		a.wantCode(other, "order.get", ref, apperr.OrderNotFound)
		a.wantCode(me, "order.get", `{}`, apperr.MissingParams)
		a.wantCode(me, "order.confirm", `{"orderUuid":"`+o.UUID+`","acceptTerms":false}`, apperr.MustAcceptTerms)
		a.must(me, "order.confirm", `{"orderUuid":"`+o.UUID+`","acceptTerms":true}`, &o)
		if o.Status != "booked" || o.Label != "booked-not-started" || !o.Coupon.Used || o.Coupon.Remaining != 4 || o.ReservedUntil != nil {
			t.Fatalf("order.confirm %+v", o)
		}

		ext := `{"orderUuid":"` + o.UUID + `","orderLockerUuid":"` + o.Lockers[0].UUID + `","end":"2026-06-07T12:00"}`
		a.wantCode(other, "order.extend", ext, apperr.OrderNotFound)
		a.must(me, "order.extend", ext, &o)
		if o.Status != "extended" || o.End != "2026-06-07T09:00:00Z" || o.TotalCents != 0 || len(o.PriceLines) != 4 {
			t.Fatalf("order.extend %+v", o)
		}

		var active, history []api.OrderView
		a.must(me, "order.list", `{"scope":"active"}`, &active)
		a.must(me, "order.list", `{"scope":"history"}`, &history)
		if len(active) != 1 || active[0].UUID != o.UUID || history == nil || len(history) != 0 {
			t.Fatalf("active %d, history %v", len(active), history)
		}
		a.wantCode(me, "order.list", `{"scope":"everything"}`, apperr.BadInput)

		a.wantCode(me, "order.cancel", ref, apperr.MissingNote)
		a.wantCode(other, "order.cancel", `{"orderUuid":"`+o.UUID+`","note":"just testing"}`, apperr.OrderNotFound)
		a.must(me, "order.cancel", `{"orderUuid":"`+o.UUID+`","note":"just testing"}`, &o)
		if o.Status != "cancelled" || o.CancelNote == nil || *o.CancelNote != "just testing" || o.CanCancel || o.Coupon.Remaining != 5 {
			t.Fatalf("order.cancel %+v", o)
		}
		var coupons []api.CouponView
		a.must(me, "coupon.list", "", &coupons)
		if len(coupons) != 1 || coupons[0].Remaining != 5 {
			t.Fatalf("coupon.list %+v", coupons)
		}
		a.must(other, "coupon.list", "", &coupons)
		if coupons == nil || len(coupons) != 0 {
			t.Fatalf("another user's coupons %v", coupons)
		}
	})
}
