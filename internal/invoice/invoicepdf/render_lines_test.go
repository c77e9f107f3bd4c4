package invoicepdf_test

import (
	"bytes"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicepdf"
	"lockers/internal/invoice/invoicetest"
)

// Issue 28: a line says what was bought, for which period in the station's
// zone, and on what it was priced (started hours, the daily cap); an
// extension's own period, not the rental's new total, is what it sold.
func TestLinesSayTheirPeriodAndTheBillingRule(t *testing.T) {
	r, err := invoicepdf.New(seller)
	if err != nil {
		t.Fatal(err)
	}
	helsinki, err := time.LoadLocation("Europe/Helsinki")
	if err != nil {
		t.Fatal(err)
	}
	at := func(h, m int) time.Time { return time.Date(2026, 11, 28, h, m, 0, 0, helsinki) }
	inv := paidInvoice()
	inv.Lines = []invoice.Line{
		{Kind: "rental", Quantity: 1, Hours: 3, From: at(9, 30), To: at(12, 0), NetCents: 242, VATCents: 58, GrossCents: 300},
		{Kind: "rental", Quantity: 1, Hours: 23, Capped: true, From: at(0, 15), To: at(23, 0), NetCents: 903, VATCents: 217, GrossCents: 1120},
		{Kind: "extension", Quantity: 1, Hours: 7, From: at(18, 0), To: at(20, 30), NetCents: 81, VATCents: 19, GrossCents: 100},
	}
	inv.Sum()
	for _, tc := range []struct {
		lang      string
		want, not []string
	}{
		{"en", []string{"28 Nov 2026, 09:30–12:00", "3 started hours\n",
			"28 Nov 2026, 00:15–23:00", "23 started hours, at most the daily price",
			"Rental extension", "28 Nov 2026, 18:00–20:30 (2 hours 30 minutes)", "price difference; rental now 7 started hours in all",
			"Charged per started hour, at most the daily price per 24 h.",
			"Periods are in the station's local time (Europe/Helsinki).", "VAT number EE123456780"},
			[]string{"Rental extension, 7 hours", "1 × 3 hours", "7 hours"}},
		{"et", []string{"28. nov 2026, 09:30–12:00", "3 alustatud tundi\n", "23 alustatud tundi, kõige rohkem päevahind",
			"Rendi pikendus", "28. nov 2026, 18:00–20:30 (2 tundi 30 minutit)", "hinnavahe; rent nüüd kokku 7 alustatud tundi",
			"Perioodid on jaama kohaliku aja järgi (Europe/Helsinki).", "KMKR nr EE123456780"},
			[]string{"Rendi pikendus, 7 tundi"}},
	} {
		pdf, err := r.Render(invoice.Document{Invoice: inv, Language: tc.lang, StationZone: helsinki,
			Buyer: invoice.Buyer{Name: "A", Email: "a@example.com"}})
		if err != nil {
			t.Fatal(err)
		}
		text := invoicetest.PDFText(t, pdf.Bytes)
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the PDF's text lacks %q:\n%s", tc.lang, w, text)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(text, n) {
				t.Errorf("%s: the PDF's text has %q:\n%s", tc.lang, n, text)
			}
		}
	}
}

// Lines issued before periods were kept print without one, and no zone note.
func TestLinesWithoutAPeriod(t *testing.T) {
	r, _ := invoicepdf.New(seller)
	inv := paidInvoice()
	for i := range inv.Lines {
		inv.Lines[i].From, inv.Lines[i].To = time.Time{}, time.Time{}
	}
	pdf, err := r.Render(invoice.Document{Invoice: inv, Language: "en", Buyer: invoice.Buyer{Name: "A"}})
	if err != nil {
		t.Fatal(err)
	}
	text := invoicetest.PDFText(t, pdf.Bytes)
	if !strings.Contains(text, "Locker rental") || !strings.Contains(text, "2 days") || strings.Contains(text, "local time") {
		t.Errorf("a line without a period:\n%s", text)
	}
}

// A long name and a 60-character e-mail wrap inside the buyer's column: no
// word of theirs reaches the captions ("Date of issue") to the right.
func TestLongBuyerNamesAndEmailsWrap(t *testing.T) {
	r, _ := invoicepdf.New(seller)
	name := "Maria-Theresia Õunapuu-Mölder von Kapiteenuste Osakonna Juhatus"
	email := "maria.theresia.ounapuu-molder@kapiteenused-example.ee" // 53 characters
	for _, lang := range []string{"en", "et"} {
		pdf, err := r.Render(invoice.Document{Invoice: paidInvoice(), Language: lang,
			Buyer: invoice.Buyer{Name: name, Email: email}})
		if err != nil {
			t.Fatal(err)
		}
		words := pdfWords(t, pdf.Bytes)
		caption := "Date"
		if lang == "et" {
			caption = "Koostamise"
		}
		var captionX float64
		for _, w := range words {
			if w.text == caption {
				captionX = w.xMin
			}
		}
		if captionX == 0 {
			t.Fatalf("%s: no %q on the page", lang, caption)
		}
		var got strings.Builder
		for _, w := range words {
			if slices.Contains(strings.Fields(name), w.text) || (len(w.text) > 3 && strings.Contains(email, w.text)) {
				if w.xMax > captionX {
					t.Errorf("%s: %q ends at %.1f, over the captions at %.1f", lang, w.text, w.xMax, captionX)
				}
			}
			if strings.Contains(email, w.text) && len(w.text) > 3 {
				got.WriteString(w.text)
			}
		}
		if !strings.Contains(got.String(), "maria.theresia.ounapuu-molder") || !strings.Contains(got.String(), "@kapiteenused-example.ee") {
			t.Errorf("%s: the e-mail is not all printed: %q", lang, got.String())
		}
	}
}

type pdfWord struct {
	text       string
	xMin, xMax float64
}

var wordTag = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="[0-9.]+" xMax="([0-9.]+)" yMax="[0-9.]+">([^<]*)</word>`)

// pdfWords lists the first page's words with their horizontal extent (pdftotext -bbox).
func pdfWords(t *testing.T, pdf []byte) []pdfWord {
	t.Helper()
	cmd := exec.Command("pdftotext", "-bbox", "-f", "1", "-l", "1", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	var words []pdfWord
	for _, m := range wordTag.FindAllStringSubmatch(string(out), -1) {
		x0, _ := strconv.ParseFloat(m[1], 64)
		x1, _ := strconv.ParseFloat(m[2], 64)
		words = append(words, pdfWord{text: strings.ReplaceAll(m[3], "&amp;", "&"), xMin: x0, xMax: x1})
	}
	if len(words) == 0 {
		t.Fatalf("pdftotext -bbox found no words:\n%s", out)
	}
	return words
}
