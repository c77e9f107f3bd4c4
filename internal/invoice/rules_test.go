package invoice_test

import (
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicetest"
)

func TestNumbersAndYears(t *testing.T) {
	for _, tc := range []struct {
		year, seq int
		want      string
	}{{2026, 123, "2026-000123"}, {2027, 1, "2027-000001"}, {2026, 1234567, "2026-1234567"}} {
		if got := invoice.FormatNumber(tc.year, tc.seq); got != tc.want {
			t.Errorf("FormatNumber(%d, %d) = %q, want %q", tc.year, tc.seq, got, tc.want)
		}
	}
	// The year turns at midnight in Tallinn (UTC+2 in winter), not in UTC.
	for _, tc := range []struct {
		at   time.Time
		want int
	}{
		{time.Date(2026, 12, 31, 21, 59, 59, 0, time.UTC), 2026},
		{time.Date(2026, 12, 31, 22, 0, 0, 0, time.UTC), 2027},
		{time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), 2027},
	} {
		if got := invoice.YearOf(tc.at); got != tc.want {
			t.Errorf("YearOf(%s) = %d, want %d", tc.at, got, tc.want)
		}
	}
}

// TestBadFactsAreRefusedBeforeTheDatabase runs without a database: any call to
// the store panics, so every case must fail validation first.
func TestBadFactsAreRefusedBeforeTheDatabase(t *testing.T) {
	svc, err := invoice.NewService(invoice.Deps{Store: refuseStore{}, Buyers: buyers{}, Renderer: &printer{}, Seller: invoicetest.Seller})
	if err != nil {
		t.Fatal(err)
	}
	const user, order = "0190a1b2-0000-7000-8000-000000000001", "0190a1b2-0000-7000-8000-000000000002"
	good := func() invoice.PaidFacts {
		return invoice.PaidFacts{PaymentID: "pay_1", UserID: user, OrderID: order, Currency: "EUR", PaidAt: start,
			Lines: []invoice.PaidLine{{Kind: invoice.LineRental, Quantity: 1, Days: 1, GrossCents: 1000}}}
	}
	for name, mutate := range map[string]func(f *invoice.PaidFacts){
		"no payment id":     func(f *invoice.PaidFacts) { f.PaymentID = "" },
		"user not a uuid":   func(f *invoice.PaidFacts) { f.UserID = "42" },
		"order not a uuid":  func(f *invoice.PaidFacts) { f.OrderID = "" },
		"other currency":    func(f *invoice.PaidFacts) { f.Currency = "USD" },
		"no payment time":   func(f *invoice.PaidFacts) { f.PaidAt = time.Time{} },
		"no lines":          func(f *invoice.PaidFacts) { f.Lines = nil },
		"unknown line kind": func(f *invoice.PaidFacts) { f.Lines[0].Kind = "tip" },
		"negative rental":   func(f *invoice.PaidFacts) { f.Lines[0].GrossCents = -1000 },
		"positive coupon":   func(f *invoice.PaidFacts) { f.Lines[0].Kind = invoice.LineCoupon },
		"zero quantity":     func(f *invoice.PaidFacts) { f.Lines[0].Quantity = 0 },
		"VAT above gross":   func(f *invoice.PaidFacts) { f.Lines[0].VATCents = 1001 },
		"VAT of wrong sign": func(f *invoice.PaidFacts) { f.Lines[0].VATCents = -194 },
		"nothing to pay": func(f *invoice.PaidFacts) {
			f.Lines = append(f.Lines, invoice.PaidLine{Kind: invoice.LineCoupon, Quantity: 1, GrossCents: -1000})
		},
	} {
		t.Run(name, func(t *testing.T) {
			f := good()
			mutate(&f)
			_, err := svc.Paid(t.Context(), f)
			wantCode(t, err, apperr.BadInput)
		})
	}
	for name, f := range map[string]invoice.RefundFacts{
		"no refund id":     {PaymentID: "pay_1", AmountCents: 100, RefundedAt: start},
		"no payment id":    {RefundID: "re_1", AmountCents: 100, RefundedAt: start},
		"nothing refunded": {RefundID: "re_1", PaymentID: "pay_1", RefundedAt: start},
		"negative amount":  {RefundID: "re_1", PaymentID: "pay_1", AmountCents: -5, RefundedAt: start},
		"no refund time":   {RefundID: "re_1", PaymentID: "pay_1", AmountCents: 100},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := svc.Refunded(t.Context(), f)
			wantCode(t, err, apperr.BadInput)
		})
	}
}

// refuseStore has no methods of its own: calling any panics.
type refuseStore struct{ invoice.Store }
