package invoicepdf_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicepdf"
	"lockers/internal/invoice/invoicetest"
)

// TestAnyNamePrints: names of every script and emoji print; what the Go fonts
// lack prints as one visible "�" per character, never as a panic or nothing.
func TestAnyNamePrints(t *testing.T) {
	r, err := invoicepdf.New(seller)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, want string }{
		{"Mari-Liis 🙂🚲", "Mari-Liis ��"},
		{"Мария Ёжикова", "Мария Ёжикова"},
		{"Ελένη Παπαδοπούλου", "Ελένη Παπαδοπούλου"},
		{"محمد علي", "���� ���"},
		{"李小龙", "���"},
		{"Zoe\u0301 Jose\u0301", "Zoé José"},                  // combining acute composes
		{"Dev 👩\u200d💻 🇪🇪 👍🏽 ❤\uFE0F", "Dev � � � �"},         // one replacement per character
		{"Tab\tand\u200Bzero\u0000width", "Tab andzerowidth"}, // invisible and control characters go
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := invoice.Document{Invoice: paidInvoice(), Language: "en",
				Buyer: invoice.Buyer{Name: tc.name, Email: "x@example.com"}}
			pdf, err := r.Render(doc)
			if err != nil {
				t.Fatal(err)
			}
			if text := invoicetest.PDFText(t, pdf.Bytes); !strings.Contains(text, tc.want) {
				t.Errorf("the PDF prints the name %q as something else than %q:\n%s", tc.name, tc.want, text)
			}
		})
	}
}

// TestRenderRandomUnicode is the fuzz test's bounded run for make test: the
// seed corpus and a hundred random texts in every field a person or an
// operator types (the buyer's name and e-mail, the seller's particulars).
// FuzzRender runs longer by hand: go test -fuzz FuzzRender ./internal/invoice/invoicepdf
func TestRenderRandomUnicode(t *testing.T) {
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, seed>>1))
	inputs := fuzzSeeds()
	for range 100 {
		inputs = append(inputs, [3]string{randomText(rng), randomText(rng), randomText(rng)})
	}
	for _, in := range inputs {
		renderAny(t, in[0], in[1], in[2])
		if t.Failed() {
			t.Fatalf("random seed %d", seed)
		}
	}
}

func FuzzRender(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, name, email, sellerName string) { renderAny(t, name, email, sellerName) })
}

func fuzzSeeds() [][3]string {
	return [][3]string{
		{"Mari-Liis 🙂🚲", "=1+2@example.com", "Lockers 🔒 OÜ"},
		{"👩\u200d👩\u200d👧\u200d👦", "\U0010FFFF@x", "\uFFFF\uFFFE"},
		{"\xff\xfe invalid UTF-8", "a\u0300\u0301\u0302\u0303\u0304\u0305\u0306", "\u202Eevil\u202C"},
		{strings.Repeat("🚲", 300), strings.Repeat("a", 500) + "@example.com", strings.Repeat("ä ", 200)},
		{"", "", "x"},
	}
}

// renderAny prints an invoice with the given texts: no panic, no error, a PDF.
func renderAny(t *testing.T, name, email, sellerName string) {
	t.Helper()
	s := seller
	if strings.TrimSpace(sellerName) != "" {
		s.Name, s.Address = sellerName, sellerName+" "+s.Address
	}
	r, err := invoicepdf.New(s)
	if err != nil {
		t.Fatal(err)
	}
	var pdf invoice.PDF
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Errorf("Render panicked on name %q, e-mail %q, seller %q: %v", name, email, sellerName, p)
			}
		}()
		pdf, err = r.Render(invoice.Document{Invoice: paidInvoice(), Language: "et",
			Buyer: invoice.Buyer{Name: name, Email: email}})
	}()
	if err != nil {
		t.Errorf("Render(%q, %q, %q): %v", name, email, sellerName, err)
	} else if !t.Failed() && !bytes.HasPrefix(pdf.Bytes, []byte("%PDF-")) {
		t.Errorf("Render(%q): not a PDF", name)
	}
}

// blocks are where random characters come from: every script a name may be
// in, emoji, marks, joiners, controls and the planes' edges.
var blocks = [][2]rune{
	{0x20, 0x7e}, {0xa0, 0x24f}, {0x300, 0x36f}, {0x370, 0x3ff}, {0x400, 0x52f}, {0x590, 0x5ff},
	{0x600, 0x6ff}, {0x900, 0x97f}, {0xe00, 0xe7f}, {0x1100, 0x11ff}, {0x200b, 0x200f}, {0x2028, 0x202e},
	{0x3040, 0x30ff}, {0x4e00, 0x9fff}, {0xac00, 0xd7a3}, {0xe000, 0xe0ff}, {0xfe00, 0xfe0f}, {0xfff0, 0xffff},
	{0x1f1e6, 0x1f1ff}, {0x1f300, 0x1faff}, {0x20000, 0x2a6df}, {0xe0000, 0xe007f}, {0x0, 0x1f},
}

func randomText(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(60) {
		blk := blocks[rng.IntN(len(blocks))]
		r := blk[0] + rng.Int32N(blk[1]-blk[0]+1)
		if rng.IntN(40) == 0 {
			b.WriteByte(byte(rng.IntN(256))) // now and then a byte that is not UTF-8
			continue
		}
		if utf8.ValidRune(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
