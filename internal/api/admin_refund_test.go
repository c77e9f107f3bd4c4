package api_test

import (
	"context"
	"testing"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/demo"
	"lockers/internal/identity"
	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/payment"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
	"lockers/internal/txn"
)

// TestAdminRefundOnTheWire: a manager refunds a paid order through
// orders.refund: the payment goes back through the payments domain's refund
// path (demo provider), the order's money is back, and the audit log has the
// note; without a note the answer is MISSING_NOTE and nothing moves.
func TestAdminRefundOnTheWire(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		me := a.user()
		paid := payOrder(t, a, me)
		// The refund's save carries the operator's note down to the customer's
		// refund notification (issue 42); the hook sees what notify would.
		var refundReasons []string
		ordersql.OnSave(db, func(ctx context.Context, _ txn.Tx, o order.Order) error {
			if o.RefundedCents > 0 {
				refundReasons = append(refundReasons, order.RefundReason(ctx))
			}
			return nil
		})
		t.Cleanup(func() { ordersql.OnSave(db, nil) })

		office := a.office(backoffice.Deps{Refund: a.payments, Extend: a.orders})
		for _, p := range api.Admin(api.Deps{Backoffice: office}) {
			a.procs["admin/"+p.Path] = p
		}
		manager := a.user()
		mp, _ := identity.From(manager)
		manager = identity.With(context.Background(), identity.Principal{UserID: mp.UserID, SessionID: "s",
			Roles: []string{identity.RoleManager}})

		// Extend on the owner's behalf: a note is required; the extension waits for its payment.
		var od api.AdminOrderDetail
		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &od)
		// The screen offers what the orders domain would accept: a paid order is refunded, not deleted.
		if want := (api.AdminOrderActions{Delete: "keeps_money", Refund: "", FreeHold: "not_held"}); od.Actions != want {
			t.Fatalf("a paid order's actions %+v, want %+v", od.Actions, want)
		}
		ext := `{"orderUuid":"` + paid + `","orderLockerUuid":"` + od.Lockers[0].UUID + `","end":"2026-06-07"`
		a.wantCode(manager, "admin/orders.extend", ext+`}`, apperr.MissingNote)
		var extended api.AdminOrder
		a.must(manager, "admin/orders.extend", ext+`,"note":"asked by phone"}`, &extended)
		var extAudit api.AdminAuditPage
		a.must(manager, "admin/events.audit", `{"action":"admin.orders.extend"}`, &extAudit)
		if len(extAudit.Items) != 1 || extAudit.Items[0].Note != "asked by phone" {
			t.Fatalf("extend audit %+v", extAudit.Items)
		}
		a.wantCode(manager, "admin/orders.delete", `{"orderUuid":"`+paid+`","note":"test"}`, apperr.CantChange)

		a.wantCode(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","note":" "}`, apperr.MissingNote)
		var o api.AdminOrder
		a.must(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","note":"door broke"}`, &o)
		if o.PaidCents != 0 || o.RefundedCents != 500 || o.PaymentState != "refunded" {
			t.Fatalf("after refund: %+v", o)
		}
		if len(refundReasons) == 0 || refundReasons[0] != "door broke" {
			t.Fatalf("the refund's save saw reasons %q, want the note", refundReasons)
		}
		var audit api.AdminAuditPage
		a.must(manager, "admin/events.audit", `{"targetId":"`+paid+`","action":"admin.orders.refund"}`, &audit)
		if len(audit.Items) != 1 || audit.Items[0].Action != "admin.orders.refund" || audit.Items[0].Note != "door broke" ||
			audit.Items[0].ActorUUID != mp.UserID || audit.Items[0].Before != `{"paidCents":500,"refundedCents":0}` {
			t.Fatalf("audit %+v", audit.Items)
		}
		a.wantCode(manager, "admin/orders.refund", `{"orderUuid":"`+paid+`","note":"again"}`, apperr.CantRefund)

		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &od)
		if od.Order.UUID != paid || len(od.Lines) == 0 || len(od.Lockers) != 1 || len(od.Payments) != 1 ||
			od.Payments[0].State != "refunded" || len(od.Refunds) != 1 || od.Refunds[0].State != "succeeded" ||
			od.Refunds[0].AmountCents != 500 || od.Invoices == nil {
			t.Fatalf("orders.get %+v", od)
		}
		if want := (api.AdminOrderActions{Delete: "", Refund: "nothing_kept", FreeHold: "not_held"}); od.Actions != want {
			t.Fatalf("a refunded order's actions %+v, want %+v", od.Actions, want)
		}
		// The Refunds table gives the operator's note as the reason, not the
		// refund's kind (issue 46).
		if od.Refunds[0].Note != "door broke" || od.Refunds[0].Reason != "cancel" {
			t.Fatalf("refund reason %q, note %q; want cancel and the operator's note", od.Refunds[0].Reason, od.Refunds[0].Note)
		}
		a.wantCode(manager, "admin/orders.get", `{"orderUuid":"00000000-0000-4000-8000-000000000000"}`, apperr.OrderNotFound)
		var ud api.AdminUserDetail
		a.must(manager, "admin/users.get", `{"userUuid":"`+od.Order.UserUUID+`"}`, &ud)
		if ud.User.UUID != od.Order.UserUUID || len(ud.Orders) != 1 || len(ud.Payments) != 1 || ud.Devices == nil ||
			ud.Events == nil || ud.Coupons == nil {
			t.Fatalf("users.get %+v", ud)
		}
		a.wantCode(manager, "admin/users.get", `{"userUuid":"nope"}`, apperr.UserNotFound)
		var dash api.AdminDashboard
		a.must(manager, "admin/dashboard.get", "", &dash)
		if dash.Day != "2026-06-05" || dash.BookingsToday != 1 || dash.RevenueCents != 0 || dash.LockersTotal == 0 {
			t.Fatalf("dashboard %+v (paid and refunded the same day: revenue 0)", dash)
		}
		// Refunded in full, the order may go: the action the screen offered is accepted.
		a.must(manager, "admin/orders.delete", `{"orderUuid":"`+paid+`","note":"test order"}`, nil)
		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &od)
		if od.Order.Status != "deleted" || od.Actions.Delete != "deleted" {
			t.Fatalf("after the delete: status %s, actions %+v", od.Order.Status, od.Actions)
		}
	})
}

// payOrder books, confirms and pays an order of 5 EUR with a saved demo card
// and returns its id.
func payOrder(t *testing.T, a *bookingAPI, me context.Context) string {
	t.Helper()
	var added api.PaymentMethodAddView
	a.must(me, "paymentMethod.add", `{"lang":"et"}`, &added)
	if err := a.payments.HandleEvent(context.Background(), payment.Event{ID: "evt_card", Provider: "demo",
		Kind: payment.EventMethodReady, MethodID: added.PaymentMethod.UUID,
		Card: payment.Card{Ref: "demo_pm_works_1", Brand: "visa", Last4: "4242", ExpMonth: 12, ExpYear: 2030}}); err != nil {
		t.Fatal(err)
	}
	var o api.OrderView
	a.must(me, "order.create", `{"stationUuid":"`+demo.Stations[0].ID+`","height":"small","type":"standard",`+
		`"temperature":"neutral","start":"2026-06-06","end":"2026-06-06"}`, &o)
	a.must(me, "order.confirm", `{"orderUuid":"`+o.UUID+`","acceptTerms":true}`, &o)
	a.must(me, "order.pay", `{"orderUuid":"`+o.UUID+`"}`, &o)
	var paymentID string
	if err := a.db.QueryRowContext(context.Background(), `SELECT id FROM payments WHERE order_id = $1`, o.UUID).
		Scan(&paymentID); err != nil {
		t.Fatal(err)
	}
	if err := a.payments.HandleEvent(context.Background(), payment.Event{ID: "evt_paid", Provider: "demo",
		Kind: payment.EventPaymentPaid, PaymentID: paymentID, AmountCents: 500, Currency: "eur"}); err != nil {
		t.Fatal(err)
	}
	return o.UUID
}
