package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"lockers/internal/api"
	"lockers/internal/identity"
	"lockers/internal/invoice"
	"lockers/internal/invoice/forpayment"
	"lockers/internal/invoice/invoicepdf"
	"lockers/internal/invoice/invoicesql"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/payment"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestInvoiceLinesCarryTheirPeriodFromBookingToPDF (issue 28): a day booked
// and paid, then extended by a day and paid again, gives two invoices whose
// PDFs name each line's own period in the station's time and what it was
// priced on; the extension's is its own day, not the rental's new total.
func TestInvoiceLinesCarryTheirPeriodFromBookingToPDF(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		printer, err := invoicepdf.New(invoicetest.Seller)
		if err != nil {
			t.Fatal(err)
		}
		invoices, err := invoice.NewService(invoice.Deps{Store: invoicesql.New(db), Buyers: noBuyers{},
			Renderer: printer, Seller: invoicetest.Seller, Now: func() time.Time { return apiNow }})
		if err != nil {
			t.Fatal(err)
		}
		a := newBookingAPIWith(t, db, forpayment.Invoicer{Invoices: invoices})
		me := a.user()
		orderID := payOrder(t, a, me) // 6 June 2026, 00:01-23:59 Tallinn time: 500 cents
		var o api.OrderView
		a.must(me, "order.get", `{"orderUuid":"`+orderID+`"}`, &o)
		a.must(me, "order.extend", `{"orderUuid":"`+orderID+`","orderLockerUuid":"`+o.Lockers[0].UUID+`","end":"2026-06-07"}`, &o)
		a.must(me, "order.pay", `{"orderUuid":"`+orderID+`"}`, &o)
		var extension string
		if err := db.QueryRowContext(ctx, `SELECT id FROM payments WHERE order_id = $1 AND kind = 'extension'`, orderID).
			Scan(&extension); err != nil {
			t.Fatal(err)
		}
		if err := a.payments.HandleEvent(ctx, payment.Event{ID: "evt_ext", Provider: "demo",
			Kind: payment.EventPaymentPaid, PaymentID: extension, AmountCents: 500, Currency: "eur"}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.payments.Reconcile(ctx); err != nil { // the invoices
			t.Fatal(err)
		}
		p, _ := identity.From(me)
		list, err := invoices.List(ctx, p.UserID, orderID)
		if err != nil || len(list) != 2 {
			t.Fatalf("invoices %+v, %v", list, err)
		}
		texts := map[string]string{}
		for _, inv := range list {
			pdf, err := invoices.PDF(ctx, p.UserID, inv.ID, "en")
			if err != nil {
				t.Fatal(err)
			}
			texts[inv.Lines[0].Kind] = invoicetest.PDFText(t, pdf.Bytes)
		}
		for kind, want := range map[string][]string{
			"rental": {"Locker rental", "6 Jun 2026, 00:01–23:59", "24 started hours, at most the daily price",
				"Periods are in the station's local time (Europe/Tallinn).", "VAT number EE123456780"},
			"extension": {"Rental extension", "6 Jun 2026, 23:59 – 7 Jun 2026, 23:59 (1 day)",
				"price difference; rental now 1 day 24 started hours in all, at most the daily price"},
		} {
			for _, w := range want {
				if !strings.Contains(texts[kind], w) {
					t.Errorf("the %s invoice lacks %q:\n%s", kind, w, texts[kind])
				}
			}
		}
	})
}
