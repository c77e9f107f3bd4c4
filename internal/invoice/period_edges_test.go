package invoice_test

import (
	"strings"
	"testing"
	"time"

	"lockers/internal/clock/clocktest"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicepdf"
	"lockers/internal/invoice/invoicetest"
)

// An invoice issued at 00:30 on 1 February in Tallinn (still 31 January in
// UTC) for a rental from 23:00 on the 31st to 01:00 on the 1st keeps that
// period to the minute, and its PDF, printed from what the store gave back,
// is dated 1 February and says the period across the change of month on the
// station's clock, in both languages.
func TestAnInvoiceAcrossTheChangeOfMonthIsDatedAndPeriodedAtTheStation(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		tz := clocktest.Tallinn
		issued := time.Date(2027, 1, 31, 22, 30, 0, 0, time.UTC)
		e.clock.Set(issued)
		p := e.party("et")
		from, to := time.Date(2027, 1, 31, 23, 0, 0, 0, tz), time.Date(2027, 2, 1, 1, 0, 0, 0, tz)
		inv, err := e.svc.Paid(e.ctx, invoice.PaidFacts{PaymentID: "pay_month", UserID: p.user, OrderID: p.order,
			Currency: invoice.Currency, PaidAt: issued, Lines: []invoice.PaidLine{
				{Kind: invoice.LineRental, Quantity: 1, Hours: 2, From: from, To: to, GrossCents: 200},
			}})
		if err != nil {
			t.Fatal(err)
		}
		got := e.get(p.user, inv.ID)
		if len(got.Lines) != 1 || !got.Lines[0].From.Equal(from) || !got.Lines[0].To.Equal(to) {
			t.Fatalf("stored lines %+v, want %v .. %v", got.Lines, from, to)
		}
		r, err := invoicepdf.New(invoicepdf.Seller{Name: "Lockers Demo OÜ", Address: "Näidise tn 1, 10111 Tallinn",
			RegistryCode: "12345678", VATNumber: "EE123456780"})
		if err != nil {
			t.Fatal(err)
		}
		for lang, want := range map[string][]string{
			"en": {"1 Feb 2027", "31 Jan 2027, 23:00 – 1 Feb 2027, 01:00"},
			"et": {"1. veebr 2027", "31. jaan 2027, 23:00 – 1. veebr 2027, 01:00"},
		} {
			pdf, err := r.Render(invoice.Document{Invoice: got, Language: lang, StationZone: tz,
				Buyer: invoice.Buyer{Name: "Jüri Õunapuu", Email: "j@example.com"}})
			if err != nil {
				t.Fatal(err)
			}
			text := invoicetest.PDFText(t, pdf.Bytes)
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("%s: the PDF does not say %q:\n%s", lang, w, text)
				}
			}
		}
	})
}
