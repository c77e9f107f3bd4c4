package payment_test

import (
	"testing"

	"lockers/internal/apperr"
	"lockers/internal/payment"
)

func TestSavedCardsAreAddedFinishedActivatedAndRemoved(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u, other := e.user(), e.user()
		m, url, err := e.payments.AddMethod(e.ctx, u, "", "et")
		if err != nil || m.State != payment.MethodInitial || m.Default || url == "" {
			t.Fatalf("add: %+v, %q, %v", m, url, err)
		}
		// Abandoned on the page, finished later on a fresh one.
		again, url2, err := e.payments.AddMethod(e.ctx, u, m.ID, "")
		if err != nil || again.ID != m.ID || url2 == "" {
			t.Fatalf("finish: %+v, %v", again, err)
		}
		e.event(payment.Event{Kind: payment.EventMethodProcessing, MethodID: m.ID})
		if m, _ = e.payments.Method(e.ctx, u, m.ID); m.State != payment.MethodProcessing {
			t.Fatalf("state %s, want processing", m.State)
		}
		e.event(payment.Event{Kind: payment.EventMethodReady, MethodID: m.ID,
			Card: payment.Card{Ref: "pm_1", Brand: "visa", Last4: "4242", ExpMonth: 12, ExpYear: 2030}})
		m, _ = e.payments.Method(e.ctx, u, m.ID)
		if m.State != payment.MethodValid || !m.Default || m.Last4 != "4242" || m.Brand != "visa" || m.ExpYear != 2030 {
			t.Fatalf("saved: %+v", m)
		}
		_, _, err = e.payments.AddMethod(e.ctx, u, m.ID, "")
		wantCode(t, err, apperr.CantChange) // a saved card is not finished again
		second := e.card(u, "pm_2")
		if second.Default {
			t.Fatal("the second card took the default")
		}
		if second, err = e.payments.Activate(e.ctx, u, second.ID); err != nil || !second.Default {
			t.Fatalf("activate: %+v, %v", second, err)
		}
		if m, _ = e.payments.Method(e.ctx, u, m.ID); m.Default {
			t.Fatal("two default cards")
		}
		if second, err = e.payments.Deactivate(e.ctx, u, second.ID); err != nil || second.Default {
			t.Fatalf("deactivate: %+v, %v", second, err)
		}
		if err := e.payments.RemoveMethod(e.ctx, u, m.ID); err != nil {
			t.Fatal(err)
		}
		list, err := e.payments.Methods(e.ctx, u)
		if err != nil || len(list) != 1 || list[0].ID != second.ID {
			t.Fatalf("list %+v, %v", list, err)
		}
		_, err = e.payments.Method(e.ctx, u, m.ID)
		wantCode(t, err, apperr.PaymentMethodNotFound)

		// Another user's card is not found, whatever the call.
		_, err = e.payments.Method(e.ctx, other, second.ID)
		wantCode(t, err, apperr.PaymentMethodNotFound)
		_, err = e.payments.Activate(e.ctx, other, second.ID)
		wantCode(t, err, apperr.PaymentMethodNotFound)
		_, err = e.payments.Deactivate(e.ctx, other, second.ID)
		wantCode(t, err, apperr.PaymentMethodNotFound)
		err = e.payments.RemoveMethod(e.ctx, other, second.ID)
		wantCode(t, err, apperr.PaymentMethodNotFound)
		_, _, err = e.payments.AddMethod(e.ctx, other, second.ID, "")
		wantCode(t, err, apperr.PaymentMethodNotFound)
		if list, _ := e.payments.Methods(e.ctx, other); len(list) != 0 {
			t.Fatalf("another user sees %d cards", len(list))
		}
	})
}

func TestAFailedSetupCanBeFinishedButNotActivated(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		m, _, err := e.payments.AddMethod(e.ctx, u, "", "")
		if err != nil {
			t.Fatal(err)
		}
		e.event(payment.Event{Kind: payment.EventMethodFailed, MethodID: m.ID, Failure: "declined"})
		if m, _ = e.payments.Method(e.ctx, u, m.ID); m.State != payment.MethodFailed || !m.Unfinished() {
			t.Fatalf("failed setup: %+v", m)
		}
		// No card was saved: the list does not keep a "Card being added — Failed" entry.
		if list, _ := e.payments.Methods(e.ctx, u); len(list) != 0 {
			t.Fatalf("the list shows %d cards after a failed attempt: %+v", len(list), list)
		}
		_, err = e.payments.Activate(e.ctx, u, m.ID)
		wantCode(t, err, apperr.CantChange)
		if _, _, err := e.payments.AddMethod(e.ctx, u, m.ID, ""); err != nil {
			t.Fatalf("finish a failed card: %v", err)
		}
		// A late failure never undoes a saved card.
		e.event(payment.Event{Kind: payment.EventMethodReady, MethodID: m.ID, Card: payment.Card{Ref: "pm_1", Last4: "4242"}})
		e.event(payment.Event{Kind: payment.EventMethodFailed, MethodID: m.ID})
		if m, _ = e.payments.Method(e.ctx, u, m.ID); m.State != payment.MethodValid {
			t.Fatalf("state %s after a late failure", m.State)
		}
		if list, _ := e.payments.Methods(e.ctx, u); len(list) != 1 {
			t.Fatalf("the saved card is not listed: %+v", list)
		}
	})
}
