package api_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/identity"
	"lockers/internal/invoice"
	"lockers/internal/invoice/forpayment"
	"lockers/internal/invoice/invoicesql"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestAdminPartialRefundOnTheWire: a manager gives 2 of an order's 5 EUR back
// through orders.refund with amountCents: the provider refunds 200 cents, the
// order keeps 300, the payment stays paid, a credit note of -2 EUR is issued
// against the invoice and the audit row has the amount and the note. No note
// is MISSING_NOTE, more than is left CANT_REFUND; the full refund afterwards
// gives back the 300 left, with its own credit note.
func TestAdminPartialRefundOnTheWire(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		invoices, err := invoice.NewService(invoice.Deps{Store: invoicesql.New(db), Buyers: noBuyers{},
			Renderer: noPrinter{}, Seller: invoicetest.Seller, Now: func() time.Time { return apiNow }})
		if err != nil {
			t.Fatal(err)
		}
		a := newBookingAPIWith(t, db, forpayment.Invoicer{Invoices: invoices})
		me := a.user()
		paid := payOrder(t, a, me)
		if _, err := a.payments.Reconcile(context.Background()); err != nil { // the invoice
			t.Fatal(err)
		}
		office := a.office(backoffice.Deps{Refund: a.payments, Extend: a.orders})
		for _, p := range api.Admin(api.Deps{Backoffice: office}) {
			a.procs["admin/"+p.Path] = p
		}
		mp, _ := identity.From(a.user())
		manager := identity.With(context.Background(), identity.Principal{UserID: mp.UserID, SessionID: "s",
			Roles: []string{identity.RoleManager}})

		a.wantCode(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","amountCents":200}`, apperr.MissingNote)
		a.wantCode(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","amountCents":501,"note":"x"}`, apperr.CantRefund)
		a.wantCode(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","amountCents":-1,"note":"x"}`, apperr.BadInput)
		var o api.AdminOrder
		// The screen's request key: the same confirmed refund sent twice (a
		// double-click) refunds once.
		key := `,"requestUuid":"0193a5f0-0000-7000-8000-000000000001"`
		a.wantCode(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","amountCents":200,"note":"x","requestUuid":"nope"}`, apperr.BadInput)
		a.must(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","amountCents":200,"note":"shelf was dirty"`+key+`}`, &o)
		if o.PaidCents != 300 || o.RefundedCents != 200 || o.PaymentState != "paid" {
			t.Fatalf("after the partial refund: %+v", o)
		}
		a.must(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","amountCents":200,"note":"shelf was dirty"`+key+`}`, &o)
		if o.PaidCents != 300 || o.RefundedCents != 200 {
			t.Fatalf("the same request again refunded more: %+v", o)
		}
		a.wantCode(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","amountCents":301,"note":"x"}`, apperr.CantRefund)
		var audit api.AdminAuditPage
		a.must(manager, "admin/events.audit", `{"targetId":"`+paid+`","action":"admin.orders.refund"}`, &audit)
		if len(audit.Items) != 1 || audit.Items[0].Note != "shelf was dirty" ||
			audit.Items[0].After != `{"amountCents":200,"partial":true,"refund":"requested"}` {
			t.Fatalf("audit %+v", audit.Items)
		}
		if _, err := a.payments.Reconcile(context.Background()); err != nil { // the credit note
			t.Fatal(err)
		}
		var od api.AdminOrderDetail
		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &od)
		if len(od.Refunds) != 1 || od.Refunds[0].AmountCents != 200 || od.Payments[0].State != "paid" {
			t.Fatalf("orders.get after the partial refund: %+v", od)
		}
		if got := creditNotes(t, db, paid); len(got) != 1 || got[0] != -200 {
			t.Fatalf("credit notes %v, want [-200]", got)
		}

		rest := `{"orderUuid":"` + paid + `","note":"closed the station","requestUuid":"0193a5f0-0000-7000-8000-000000000002"}`
		a.must(manager, "admin/orders.refund", rest, &o)
		if o.PaidCents != 0 || o.RefundedCents != 500 || o.PaymentState != "refunded" {
			t.Fatalf("after the rest: %+v", o)
		}
		// Double-clicked: the second answers the first's result, not "nothing to refund".
		a.must(manager, "admin/orders.refund", rest, &o)
		if o.PaidCents != 0 || o.RefundedCents != 500 || o.PaymentState != "refunded" {
			t.Fatalf("the repeated refund: %+v", o)
		}
		if _, err := a.payments.Reconcile(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := creditNotes(t, db, paid); len(got) != 2 || got[0]+got[1] != -500 {
			t.Fatalf("credit notes %v, want -200 and -300", got)
		}
	})
}

// creditNotes are the gross amounts of an order's credit notes, oldest first.
func creditNotes(t *testing.T, db *store.DB, orderID string) []int64 {
	t.Helper()
	return storetest.Column[int64](t, db, `SELECT gross_cents FROM invoices
		WHERE order_id = $1 AND kind = 'credit_note' ORDER BY number`, orderID)
}
