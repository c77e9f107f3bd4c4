package order

import (
	"testing"
	"time"

	"lockers/internal/apperr"
)

// The payment rules on an order in memory (the store's side is tested with
// the service on both databases).

var t0 = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

func priced(status Status, cents int64) Order {
	return Order{ID: "o", Status: status, Start: t0.Add(12 * time.Hour), End: t0.Add(36 * time.Hour),
		ReservedUntil: t0.Add(HoldFor), ConfirmedAt: t0,
		Lines: []Line{{Kind: LineRental, Quantity: 1, AmountCents: cents, VATCents: cents / 5}}}
}

func TestWhatIsDueAndWhyNothingIs(t *testing.T) {
	ext := priced(Booked, 500)
	ext.Extension = &Extension{OrderLockerID: "l", NewEnd: t0.Add(60 * time.Hour), AmountCents: 300, VATCents: 58,
		HoldUntil: t0.Add(HoldFor), CreatedAt: t0}
	for _, tc := range []struct {
		name  string
		o     Order
		at    time.Time
		cents int64
		kind  DueKind
		code  apperr.Code
	}{
		{"unpaid", priced(Unpaid, 500), t0, 500, DueOrder, ""},
		{"processing", priced(Processing, 500), t0, 500, DueOrder, ""},
		{"hold over", priced(Unpaid, 500), t0.Add(HoldFor), 0, "", apperr.OrderExpired},
		{"no price", priced(Unpaid, 0), t0, 0, "", apperr.CouldntCalculatePrice},
		{"reserved", priced(Reserved, 500), t0, 0, "", apperr.OrderIsNotConfirmed},
		{"paid", priced(Booked, 500), t0, 0, "", apperr.OrderAlreadyConfirmed},
		{"extension", ext, t0, 300, DueExtension, ""},
		{"extension hold over", ext, t0.Add(HoldFor), 0, "", apperr.OrderExpired},
		{"cancelled", priced(Cancelled, 500), t0, 0, "", apperr.OrderCancelled},
		{"failed", priced(Failed, 500), t0, 0, "", apperr.OrderFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := tc.o.DueAt(tc.at)
			if got := apperr.CodeOf(tc.o.NotPayable(tc.at)); ok != (tc.code == "") || d.AmountCents != tc.cents || d.Kind != tc.kind ||
				!ok && got != tc.code {
				t.Fatalf("due %+v %v, not payable %s; want %d %s / %s", d, ok, got, tc.cents, tc.kind, tc.code)
			}
		})
	}
}

func TestAChargeRenewsTheHoldAtMostAnHourAfterConfirmation(t *testing.T) {
	for _, tc := range []struct {
		name      string
		at        time.Time
		wantUntil time.Time
	}{
		{"early", t0.Add(time.Minute), t0.Add(time.Minute + HoldFor)},
		{"late", t0.Add(50 * time.Minute), t0.Add(MaxPaymentHold)},
		{"past the cap", t0.Add(2 * time.Hour), t0.Add(MaxPaymentHold)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := priced(Unpaid, 500)
			d, _ := o.DueAt(t0)
			o.PaymentStarted(d, true, tc.at)
			if o.Status != Processing || !o.ReservedUntil.Equal(tc.wantUntil) || !o.InFlight() {
				t.Fatalf("%s until %v, want processing until %v", o.Status, o.ReservedUntil, tc.wantUntil)
			}
			o.ChargeUnanswered(tc.at)
			if o.Status != Unpaid || o.PaymentState != PaymentPending || o.InFlight() {
				t.Fatalf("after no answer: %s, %s", o.Status, o.PaymentState)
			}
		})
	}
}

func TestAPaymentForAnotherExtensionIsNotExpected(t *testing.T) {
	o := priced(Booked, 500)
	o.Extension = &Extension{OrderLockerID: "l", NewEnd: t0.Add(60 * time.Hour), AmountCents: 300, HoldUntil: t0.Add(HoldFor)}
	d, _ := o.DueAt(t0)
	if cents, ok := o.Expects(d); !ok || cents != 300 {
		t.Fatalf("expects %d, %v", cents, ok)
	}
	d.NewEnd = d.NewEnd.Add(time.Hour) // made for an end the owner changed since
	if _, ok := o.Expects(d); ok {
		t.Fatal("a payment for another end is expected")
	}
	if _, ok := priced(Booked, 500).Expects(Due{Kind: DueOrder, AmountCents: 500}); ok {
		t.Fatal("a paid order expects another payment")
	}
}
