// Package statuswords is the server's one table of status words (issue 28):
// the spec's words (docs/spec.md §4) for orders, cards, payments, invoices and
// credit notes, in English and Estonian, for everything the server words
// itself: invoice PDFs, e-mails and notifications. The web app's table is
// web/src/locales/{en,et}/status.ts; TestSameWordsAsTheWebApp keeps the two the
// same.
package statuswords

// Language is "en" or "et"; any other is English.
type Language string

// The languages.
const (
	English  Language = "en"
	Estonian Language = "et"
)

// Kind is which table a word comes from.
type Kind string

// The kinds, named as the web table's sections.
const (
	Order      Kind = "order"
	Card       Kind = "card"
	Payment    Kind = "payment"
	Invoice    Kind = "invoice"
	CreditNote Kind = "creditNote"
)

var words = map[Language]map[Kind]map[string]string{
	English: {
		Order: {
			"reserved": "Reserved", "unfinished": "Unfinished", "unpaid": "Unpaid", "processing": "Processing",
			"booked": "Booked", "booked-not-started": "Booked, not started", "active": "Active", "extended": "Extended",
			"expired": "Expired", "finalized": "Finalized", "cancelled": "Cancelled", "refunded": "Refunded",
			"failed": "Failed", "deleted": "Deleted", "delivered": "Delivered", "picked": "Picked", "opened": "Opened",
			"valid": "Valid",
		},
		Card: {"initial": "Unfinished", "processing": "Processing", "valid": "Valid", "settled": "Settled",
			"active": "Active", "failed": "Failed"},
		Payment: {"pending": "Unpaid", "processing": "Processing", "paid": "Paid", "failed": "Failed",
			"refunded": "Refunded", "expired": "Expired"},
		Invoice:    {"created": "Created", "paid": "Paid", "settled": "Settled", "cancelled": "Cancelled"},
		CreditNote: {"created": "Created", "paid": "Refunded", "settled": "Refunded", "cancelled": "Cancelled"},
	},
	Estonian: {
		Order: {
			"reserved": "Reserveeritud", "unfinished": "Lõpetamata", "unpaid": "Maksmata", "processing": "Töötlemisel",
			"booked": "Broneeritud", "booked-not-started": "Broneeritud, pole alanud", "active": "Aktiivne",
			"extended": "Pikendatud", "expired": "Aegunud", "finalized": "Lõpetatud", "cancelled": "Tühistatud",
			"refunded": "Tagastatud", "failed": "Ebaõnnestunud", "deleted": "Kustutatud", "delivered": "Sisestatud",
			"picked": "Välja võetud", "opened": "Avatud", "valid": "Kehtiv",
		},
		Card: {"initial": "Lõpetamata", "processing": "Töötlemisel", "valid": "Kehtiv", "settled": "Arveldatud",
			"active": "Aktiivne", "failed": "Ebaõnnestunud"},
		Payment: {"pending": "Maksmata", "processing": "Töötlemisel", "paid": "Makstud", "failed": "Ebaõnnestunud",
			"refunded": "Tagastatud", "expired": "Aegunud"},
		Invoice:    {"created": "Koostatud", "paid": "Makstud", "settled": "Arveldatud", "cancelled": "Tühistatud"},
		CreditNote: {"created": "Koostatud", "paid": "Tagastatud", "settled": "Tagastatud", "cancelled": "Tühistatud"},
	},
}

// Word is the word for state in kind's table, in lang (English for another
// language); the state itself when the table has no such state.
func Word(lang Language, kind Kind, state string) string {
	table, ok := words[lang]
	if !ok {
		table = words[English]
	}
	if w, ok := table[kind][state]; ok {
		return w
	}
	return state
}

// States are the states kind's table words, for tests.
func States(kind Kind) []string {
	var out []string
	for s := range words[English][kind] {
		out = append(out, s)
	}
	return out
}
