package api_test

import (
	"context"
	"strings"
	"testing"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/payment"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

func TestPaymentProceduresOnTheWire(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		me, other := a.user(), a.user()

		var added api.PaymentMethodAddView
		a.must(me, "paymentMethod.add", `{"lang":"et"}`, &added)
		m := added.PaymentMethod
		if !strings.HasPrefix(added.URL, "https://lockers.example/demo-pay/setup/") || m.State != "initial" || m.Label != "initial" ||
			!m.CanFinish || m.CanActivate || m.Brand != nil || m.Provider != "demo" {
			t.Fatalf("paymentMethod.add %+v", added)
		}
		a.wantCode(me, "paymentMethod.add", `{"lang":"fi"}`, apperr.BadInput)
		ref := `{"paymentMethodUuid":"` + m.UUID + `"}`
		a.wantCode(other, "paymentMethod.get", ref, apperr.PaymentMethodNotFound)
		a.wantCode(other, "paymentMethod.add", ref, apperr.PaymentMethodNotFound)
		a.wantCode(me, "paymentMethod.get", `{}`, apperr.MissingParams)
		a.must(me, "paymentMethod.add", ref, &added) // finish the half-added card
		if added.PaymentMethod.UUID != m.UUID {
			t.Fatalf("finish made another card: %+v", added)
		}
		if err := a.payments.HandleEvent(context.Background(), payment.Event{ID: "evt_card", Provider: "demo",
			Kind: payment.EventMethodReady, MethodID: m.UUID,
			Card: payment.Card{Ref: "demo_pm_works_1", Brand: "visa", Last4: "4242", ExpMonth: 12, ExpYear: 2030}}); err != nil {
			t.Fatal(err)
		}
		a.must(me, "paymentMethod.get", ref, &m)
		if m.State != "valid" || m.Label != "active" || !m.Active || *m.Last4 != "4242" || *m.ExpYear != 2030 || !m.CanDeactivate || m.CanFinish {
			t.Fatalf("saved card %+v", m)
		}
		a.must(me, "paymentMethod.deactivate", ref, &m)
		if m.Active || m.Label != "valid" || !m.CanActivate {
			t.Fatalf("deactivated %+v", m)
		}
		a.wantCode(other, "paymentMethod.activate", ref, apperr.PaymentMethodNotFound)
		a.must(me, "paymentMethod.activate", ref, &m)
		var list []api.PaymentMethodView
		a.must(me, "paymentMethod.list", "", &list)
		if len(list) != 1 || !list[0].Active {
			t.Fatalf("list %+v", list)
		}

		create := `{"stationUuid":"` + demo.Stations[0].ID + `","height":"small","type":"standard","temperature":"neutral",` +
			`"start":"2026-06-06","end":"2026-06-06"}`
		var o api.OrderView
		a.must(me, "order.create", create, &o)
		a.wantCode(me, "order.pay", `{"orderUuid":"`+o.UUID+`"}`, apperr.OrderIsNotConfirmed)
		a.must(me, "order.confirm", `{"orderUuid":"`+o.UUID+`","acceptTerms":true}`, &o)
		if o.Status != "unpaid" || !o.CanPay || o.Payment.DueCents != 500 || o.Payment.DueVATCents != 97 ||
			o.Payment.DueFor == nil || *o.Payment.DueFor != "order" || o.Payment.State != nil || o.PendingExtension != nil {
			t.Fatalf("unpaid view %+v", o)
		}
		pay := `{"orderUuid":"` + o.UUID + `"}`
		a.wantCode(other, "order.pay", pay, apperr.OrderNotFound)
		a.wantCode(other, "order.paymentLink", pay, apperr.OrderNotFound)
		a.wantCode(me, "order.pay", `{}`, apperr.MissingParams)
		var link api.PaymentLinkView
		a.must(me, "order.paymentLink", `{"orderUuid":"`+o.UUID+`","lang":"en"}`, &link)
		if !strings.HasPrefix(link.URL, "https://lockers.example/demo-pay/checkout/") || link.Order.Payment.State == nil ||
			*link.Order.Payment.State != "pending" {
			t.Fatalf("paymentLink %+v", link)
		}
		a.must(me, "order.pay", pay, &o)
		if o.Status != "processing" || o.CanPay || o.CanCancel || *o.Payment.State != "processing" {
			t.Fatalf("paying view %+v", o)
		}
		a.must(other, "paymentMethod.list", "", &list)
		if list == nil || len(list) != 0 {
			t.Fatalf("another user's list %v", list)
		}
		a.wantCode(other, "paymentMethod.remove", ref, apperr.PaymentMethodNotFound)
		a.must(me, "paymentMethod.remove", ref, nil)
		a.wantCode(me, "paymentMethod.get", ref, apperr.PaymentMethodNotFound)
	})
}
