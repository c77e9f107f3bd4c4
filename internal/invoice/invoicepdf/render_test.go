package invoicepdf_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicepdf"
	"lockers/internal/invoice/invoicetest"
)

var seller = invoicepdf.Seller{Name: "Lockers Demo OÜ", Address: "Näidise tn 1, 10111 Tallinn",
	RegistryCode: "12345678", VATNumber: "EE123456780"}

var issued = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

// rentalStart is 12:00 in Tallinn on 3 June 2026.
var rentalStart = time.Date(2026, 6, 3, 9, 0, 0, 0, time.UTC)

// paidInvoice is a two-day rental and its extension by 2 h 30 min (to 2 days
// and 3 started hours in all), 31.20 € in all.
func paidInvoice() invoice.Invoice {
	inv := invoice.Invoice{ID: "0190a1b2-0000-7000-8000-00000000000a", Kind: invoice.KindInvoice,
		Number: "2026-000123", Year: 2026, Seq: 123, UserID: "0190a1b2-0000-7000-8000-000000000001",
		OrderID: "0190a1b2-0000-7000-8000-000000000002", PaymentID: "pay_1", State: invoice.StatePaid,
		Currency: "EUR", CreatedAt: issued, PaidAt: issued.Add(-time.Minute),
		Lines: []invoice.Line{
			{Kind: "rental", Quantity: 1, Days: 2, From: rentalStart, To: rentalStart.Add(48 * time.Hour),
				NetCents: 2016, VATCents: 484, GrossCents: 2500, VATPercent: 24},
			{Kind: "extension", Quantity: 1, Days: 2, Hours: 3, From: rentalStart.Add(48 * time.Hour),
				To: rentalStart.Add(50*time.Hour + 30*time.Minute), NetCents: 500, VATCents: 120, GrossCents: 620, VATPercent: 24},
		}}
	inv.Sum()
	return inv
}

// creditNote credits the whole of paidInvoice.
func creditNote() invoice.Invoice {
	inv := paidInvoice()
	cn := inv
	cn.ID, cn.Kind, cn.Number, cn.Seq = "0190a1b2-0000-7000-8000-00000000000b", invoice.KindCreditNote, "2026-000124", 124
	cn.RefundID, cn.CreditsID, cn.CreditsNumber = "re_1", inv.ID, inv.Number
	cn.Lines = nil
	for _, l := range inv.Lines {
		l.NetCents, l.VATCents, l.GrossCents = -l.NetCents, -l.VATCents, -l.GrossCents
		cn.Lines = append(cn.Lines, l)
	}
	cn.Sum()
	return cn
}

func TestPDFTextInEstonianAndEnglish(t *testing.T) {
	r, err := invoicepdf.New(seller)
	if err != nil {
		t.Fatal(err)
	}
	estonian := invoice.Buyer{Name: "Jüri Õunapuu-Mölder", Email: "juri@example.ee", Language: "et"}
	for _, tc := range []struct {
		name     string
		doc      invoice.Document
		filename string
		want     []string
	}{
		{
			name:     "Estonian invoice",
			doc:      invoice.Document{Invoice: paidInvoice(), Buyer: estonian, Language: "et"},
			filename: "arve-2026-000123.pdf",
			want: []string{"Arve", "2026-000123", "Lockers Demo OÜ", "Näidise tn 1, 10111 Tallinn",
				"Registrikood 12345678", "KMKR nr EE123456780", "Ostja", "Jüri Õunapuu-Mölder", "juri@example.ee",
				"Koostamise kuupäev", "5. juuni 2026", "Tasutud", "Tellimus", "0190a1b2-0000-7000-8000-000000000002",
				"Olek", "Kirjeldus", "Kogus", "Summa km-ta", "Käibemaks 24%", "Kapi rent",
				"3. juuni 2026, 12:00 – 5. juuni 2026, 12:00", "2 päeva\n", "Rendi pikendus", "5. juuni 2026, 12:00–14:30 (2 tundi 30 minutit)",
				"hinnavahe; rent nüüd kokku 2 päeva 3 alustatud tundi", "20,16 €", "4,84 €", "25,00 €", "5,00 €", "1,20 €", "6,20 €",
				"Summa käibemaksuta", "25,16 €", "6,04 €", "Summa kokku", "31,20 €",
				"Kõik summad on eurodes (EUR) ja sisaldavad käibemaksu 24%.",
				"Tasu võetakse iga alustatud tunni eest, kuid iga 24 tunni eest kõige rohkem päevahind.",
				"Perioodid on jaama kohaliku aja järgi (Europe/Tallinn).", "Aitäh!"},
		},
		{
			name:     "Estonian credit note",
			doc:      invoice.Document{Invoice: creditNote(), Buyer: estonian, Language: "et"},
			filename: "kreeditarve-2026-000124.pdf",
			want: []string{"Kreeditarve", "2026-000124", "Krediteeritav arve", "2026-000123", "Tagastatud",
				"-25,00 €", "-6,20 €", "-31,20 €", "-6,04 €", "Kreeditarve vähendab ülalnimetatud arvet"},
		},
		{
			name: "English invoice, a Cyrillic name",
			doc: invoice.Document{Invoice: paidInvoice(), Language: "en",
				Buyer: invoice.Buyer{Name: "Иван Петров", Email: "ivan@example.com", Language: "en"}},
			filename: "invoice-2026-000123.pdf",
			want: []string{"Invoice", "Registry code 12345678", "VAT number EE123456780", "Buyer", "Иван Петров",
				"Date of issue", "5 Jun 2026", "Paid on", "Locker rental", "3 Jun 2026, 12:00 – 5 Jun 2026, 12:00",
				"Rental extension", "5 Jun 2026, 12:00–14:30 (2 hours 30 minutes)", "price difference; rental now 2 days 3 started hours in all",
				"Charged per started hour, at most the daily price per 24 h.",
				"€25.00", "€31.20", "VAT 24%", "Total excl. VAT", "€25.16", "€6.04", "Total incl. VAT",
				"All amounts are in euros (EUR) and include VAT at 24%."},
		},
		{
			name:     "English credit note of a deleted account",
			doc:      invoice.Document{Invoice: creditNote(), Language: "en"},
			filename: "credit-note-2026-000124.pdf",
			want:     []string{"Credit note", "Credited invoice", "Refunded on", "Refunded", "-€31.20", "(account deleted)"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf, err := r.Render(tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			if pdf.Filename != tc.filename || !bytes.HasPrefix(pdf.Bytes, []byte("%PDF-")) {
				t.Fatalf("file %q starting %q, want %q and a PDF", pdf.Filename, pdf.Bytes[:min(8, len(pdf.Bytes))], tc.filename)
			}
			text := invoicetest.PDFText(t, pdf.Bytes)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("the PDF's text lacks %q:\n%s", w, text)
				}
			}
		})
	}
}

// TestLongInvoicesFlowOntoMorePages: an invoice with many lines still prints
// every line and the totals.
func TestLongInvoicesFlowOntoMorePages(t *testing.T) {
	r, err := invoicepdf.New(seller)
	if err != nil {
		t.Fatal(err)
	}
	inv := paidInvoice()
	for range 60 {
		inv.Lines = append(inv.Lines, invoice.Line{Kind: "extension", Quantity: 1, Hours: 1, NetCents: 100,
			VATCents: 24, GrossCents: 124, VATPercent: 24})
	}
	inv.Sum()
	pdf, err := r.Render(invoice.Document{Invoice: inv, Language: "en", Buyer: invoice.Buyer{Name: "A"}})
	if err != nil {
		t.Fatal(err)
	}
	text := invoicetest.PDFText(t, pdf.Bytes)
	if n := strings.Count(text, "price difference; rental now 1 started hour in all"); n != 60 {
		t.Errorf("%d one-hour lines printed, want 60", n)
	}
	if !strings.Contains(text, "€105.60") || !strings.Contains(text, "\f") {
		t.Errorf("want the total €105.60 and a second page:\n%s", text)
	}
}

func TestNewNeedsTheSellersParticulars(t *testing.T) {
	for _, s := range []invoicepdf.Seller{{}, {Name: "X", Address: "Y"}, {Name: " ", Address: "Y", RegistryCode: "1"},
		{Name: "X", Address: "Y", RegistryCode: "1"}} { // no VAT number: VAT cannot be charged
		if _, err := invoicepdf.New(s); err == nil {
			t.Errorf("New(%+v) accepted an incomplete seller", s)
		}
	}
}

// TestEachLinePrintsItsOwnVATRate: the rate is the line's, as issued, not a
// fixed label: an invoice with lines at two rates prints both.
func TestEachLinePrintsItsOwnVATRate(t *testing.T) {
	r, err := invoicepdf.New(seller)
	if err != nil {
		t.Fatal(err)
	}
	inv := paidInvoice()
	inv.Lines[1].VATPercent, inv.Lines[1].VATCents, inv.Lines[1].NetCents = 9, 51, 569
	inv.Sum()
	pdf, err := r.Render(invoice.Document{Invoice: inv, Language: "en", Buyer: invoice.Buyer{Name: "A"}})
	if err != nil {
		t.Fatal(err)
	}
	text := invoicetest.PDFText(t, pdf.Bytes)
	for _, w := range []string{"VAT %", "Locker rental 1 €20.16 24% €4.84 €25.00", "Rental extension 1 €5.69 9% €0.51 €6.20",
		"VAT 9%, 24% €5.35", "include VAT at 9%, 24%."} {
		if !strings.Contains(text, w) {
			t.Errorf("the PDF lacks %q:\n%s", w, text)
		}
	}
}
