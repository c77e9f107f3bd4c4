// Package invoice is the invoices domain (product.md "Money, time, language",
// issue 12): one invoice per payment, numbered without gaps per calendar year,
// lines with net, VAT and gross in integer euro cents, a credit note for every
// refund, settlement when the order is finalized, and the PDF in the buyer's
// language. The payment service calls Paid and Refunded; the order sweep calls
// Settle. Numbers are taken in the transaction that inserts the invoice (see
// invoicesql), so a failed issue leaves no gap.
package invoice

import "time"

// Kind tells an invoice from a credit note.
type Kind string

const (
	KindInvoice    Kind = "invoice"
	KindCreditNote Kind = "credit_note"
)

// State is where an invoice or credit note is in its life (spec §4).
//
// Paid issues an invoice for a confirmed payment, so created → paid happens in
// one call and both times are kept. A credit note is issued paid: the refund it
// documents has been paid out. Both settle when their order is finalized; an
// invoice whose whole amount has been credited is cancelled.
type State string

const (
	StateCreated   State = "created"
	StatePaid      State = "paid"
	StateSettled   State = "settled"
	StateCancelled State = "cancelled"
)

// Currency is the only currency the product charges in.
const Currency = "EUR"

// Line kinds: the order's price line kinds, and refund for a partial refund's
// single line on a credit note.
const (
	LineRental    = "rental"
	LineExtension = "extension"
	LineCoupon    = "coupon"
	LineRefund    = "refund"
)

// Invoice is an invoice or a credit note. Amounts are integer euro cents; a
// credit note's are negative.
type Invoice struct {
	ID     string
	Kind   Kind
	Number string // "2026-000123", unique across both kinds
	Year   int    // calendar year of the number (Europe/Tallinn)
	Seq    int    // position in that year's sequence, from 1 without gaps

	UserID  string
	OrderID string
	// PaymentID is the payment the invoice is for; on a credit note, the payment
	// whose invoice it credits.
	PaymentID string
	// RefundID, CreditsID and CreditsNumber are set on credit notes only: the
	// refund documented and the invoice it credits.
	RefundID      string
	CreditsID     string
	CreditsNumber string

	State    State
	Currency string
	Lines    []Line

	// NetCents, VATCents and GrossCents are the totals of the lines.
	NetCents, VATCents, GrossCents int64

	// Seller, Buyer (name and e-mail) and StationZone (the IANA zone the
	// lines' periods print in) are fixed when the invoice is issued: the store
	// copies them in the transaction that numbers it, so a later change of the
	// configuration, the profile or the station never changes the document.
	// Seller is empty on an invoice issued before they were kept, until
	// FreezeSeller fills it.
	Seller      Seller
	Buyer       Buyer
	StationZone string

	CreatedAt   time.Time // issued (numbered)
	PaidAt      time.Time // the payment (or, on a credit note, the refund) was made
	SettledAt   time.Time
	CancelledAt time.Time
}

// Line is one line of an invoice: what was sold, and its net, VAT and gross.
//
// Days and Hours are what the line was priced on: full days and started hours
// (per started hour, at most the daily price for the hours: Capped). For an
// extension they are the rental's new total, of which the extension charges the
// difference; From and To are the line's own period (an extension's from the
// old end to the new), zero on coupon and refund lines and on lines issued
// before periods were kept.
type Line struct {
	Kind        string
	Quantity    int
	Days, Hours int
	From, To    time.Time
	Capped      bool
	NetCents    int64
	VATCents    int64
	GrossCents  int64
	VATPercent  int
}

// withPeriodOf copies src's period, daily cap and VAT rate onto l (a credit
// note's reversed line is at the rate its invoice charged).
func (l Line) withPeriodOf(src Line) Line {
	l.From, l.To, l.Capped, l.VATPercent = src.From, src.To, src.Capped, src.VATPercent
	return l
}

// Sum sets the invoice's totals from its lines.
func (inv *Invoice) Sum() {
	inv.NetCents, inv.VATCents, inv.GrossCents = 0, 0, 0
	for _, l := range inv.Lines {
		inv.NetCents += l.NetCents
		inv.VATCents += l.VATCents
		inv.GrossCents += l.GrossCents
	}
}
