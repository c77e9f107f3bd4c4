package api_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicesql"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/rpc"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

type noBuyers struct{}

func (noBuyers) Buyer(context.Context, string) (invoice.Buyer, error) { return invoice.Buyer{}, nil }

type noPrinter struct{}

func (noPrinter) Render(invoice.Document) (invoice.PDF, error) { return invoice.PDF{}, nil }

// invoiceAPI serves the procedures with the orders and invoices services.
type invoiceAPI struct {
	*bookingAPI
	invoices *invoice.Service
}

func newInvoiceAPI(t *testing.T, db *store.DB) *invoiceAPI {
	t.Helper()
	now := func() time.Time { return apiNow }
	stations := station.NewService(stationsql.New(db), now)
	orders, err := order.NewService(order.Deps{Store: ordersql.New(db), Stations: stations,
		Coupons: promo.NewService(promosql.New(db), now), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	invoices, err := invoice.NewService(invoice.Deps{Store: invoicesql.New(db), Buyers: noBuyers{},
		Renderer: noPrinter{}, Seller: invoicetest.Seller, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	a := &invoiceAPI{bookingAPI: &bookingAPI{t: t, db: db, procs: map[string]rpc.Procedure{}}, invoices: invoices}
	link := func(id string) string { return "https://lockers.example/invoices/" + id + ".pdf?sig=test" }
	for _, p := range api.Hybrid(api.Deps{Now: now, Orders: orders, Invoices: invoices, InvoiceLink: link}) {
		a.procs[p.Path] = p
	}
	return a
}

// customer is a signed-in user with an order.
func (a *invoiceAPI) customer() (context.Context, string, string) {
	a.t.Helper()
	u := invoicetest.User(a.t, a.db, "Mari", "Maasikas", "et")
	return identity.With(context.Background(), identity.Principal{UserID: u, SessionID: "s"}), u,
		invoicetest.Order(a.t, a.db, u)
}

func TestInvoiceProcedures(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newInvoiceAPI(t, db)
		ctx, user, ord := a.customer()
		inv, err := a.invoices.Paid(ctx, invoicetest.Facts(user, ord, "pay_1", apiNow))
		if err != nil {
			t.Fatal(err)
		}
		cn, err := a.invoices.Refunded(ctx, invoice.RefundFacts{RefundID: "re_1", PaymentID: "pay_1",
			AmountCents: 1000, RefundedAt: apiNow})
		if err != nil {
			t.Fatal(err)
		}

		var got api.InvoiceView
		a.must(ctx, "invoice.get", `{"invoiceUuid":"`+cn.ID+`"}`, &got)
		if got.Number != "2026-000002" || got.Kind != "credit_note" || got.State != "paid" || got.GrossCents != -1000 ||
			got.VATCents != -194 || got.NetCents != -806 || got.Credits == nil || got.Credits.Number != inv.Number ||
			got.RefundUUID == nil || *got.RefundUUID != "re_1" || got.PaymentUUID != "pay_1" || got.OrderUUID != ord ||
			len(got.Lines) != 1 || got.Lines[0].Kind != "refund" || got.Currency != "EUR" || got.VATPercent != 24 ||
			got.IssuedAt != "2026-06-05T09:00:00Z" || got.PDFURL != "https://lockers.example/invoices/"+cn.ID+".pdf?sig=test" {
			t.Fatalf("invoice.get = %+v", got)
		}

		var list []api.InvoiceView
		a.must(ctx, "invoice.list", `{}`, &list)
		if len(list) != 2 || list[0].UUID != cn.ID || list[1].UUID != inv.ID || len(list[1].Lines) != 2 ||
			list[1].Credits != nil || list[1].RefundUUID != nil {
			t.Fatalf("invoice.list = %+v", list)
		}
		a.must(ctx, "invoice.list", `{"orderUuid":"`+ord+`"}`, &list)
		if len(list) != 2 {
			t.Fatalf("invoice.list of the order: %d invoices, want 2", len(list))
		}
		_, _, emptyOrder := a.customer()
		ownEmpty := invoicetest.Order(t, db, user)
		a.must(ctx, "invoice.list", `{"orderUuid":"`+ownEmpty+`"}`, &list)
		if len(list) != 0 {
			t.Fatalf("invoice.list of an order without payments: %+v", list)
		}

		stranger, _, _ := a.customer()
		for _, in := range []string{`{"invoiceUuid":"` + inv.ID + `"}`, `{"invoiceUuid":"` + uuid.NewString() + `"}`,
			`{"invoiceUuid":"../etc"}`} {
			a.wantCode(stranger, "invoice.get", in, apperr.InvoiceNotFound)
		}
		a.wantCode(ctx, "invoice.get", `{}`, apperr.MissingParams)
		a.wantCode(stranger, "invoice.list", `{"orderUuid":"`+ord+`"}`, apperr.OrderNotFound)
		a.wantCode(ctx, "invoice.list", `{"orderUuid":"`+emptyOrder+`"}`, apperr.OrderNotFound)
		a.wantCode(ctx, "invoice.list", `{"orderUuid":"x"}`, apperr.OrderNotFound)
		a.must(stranger, "invoice.list", ``, &list)
		if len(list) != 0 {
			t.Fatalf("a stranger's invoice.list: %+v", list)
		}
	})
}

func TestInvoiceProceduresNeedASignedInUser(t *testing.T) {
	t.Parallel()
	found := 0
	for _, p := range api.Hybrid(api.Deps{}) {
		if p.Path == "invoice.list" || p.Path == "invoice.get" {
			found++
			if p.Access != rpc.User || p.Kind != rpc.KindQuery {
				t.Errorf("%s: access %v kind %s, want a user query", p.Path, p.Access, p.Kind)
			}
		}
	}
	if found != 2 {
		t.Fatalf("%d of invoice.list and invoice.get are declared", found)
	}
}
