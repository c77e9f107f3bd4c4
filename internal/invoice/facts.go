package invoice

import (
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/vat"
)

// PaidFacts is what the payment service knows when a payment has succeeded:
// enough to issue its invoice. Lines are the order's price lines the payment
// covers (an extension's payment carries the extension line).
type PaidFacts struct {
	PaymentID string // the payment's own id; one invoice per PaymentID
	UserID    string
	OrderID   string
	Currency  string // "EUR"
	PaidAt    time.Time
	Lines     []PaidLine
}

// PaidLine is one paid price line. GrossCents includes VAT; VATCents is the VAT
// in it as the order computed it, or 0 to have it computed here (24 %, half up).
type PaidLine struct {
	Kind        string // rental | extension | coupon
	Quantity    int
	Days, Hours int
	// From and To are the period paid for (optional; both or neither), Capped
	// that the daily cap priced the started hours (see Line).
	From, To   time.Time
	Capped     bool
	GrossCents int64
	VATCents   int64
}

// RefundFacts is what the payment service knows when a refund has been made.
type RefundFacts struct {
	RefundID    string // the refund's own id; one credit note per RefundID
	PaymentID   string // the refunded payment, whose invoice is credited
	AmountCents int64  // refunded, VAT included; at most what is left uncredited
	RefundedAt  time.Time
}

// maxRef bounds payment and refund ids: provider ids are a few dozen characters.
const maxRef = 255

func badFact(format string, args ...any) error { return apperr.New(apperr.BadInput, format, args...) }

// lines checks the facts and turns them into invoice lines.
func (f PaidFacts) lines() ([]Line, error) {
	switch {
	case f.PaymentID == "" || len(f.PaymentID) > maxRef:
		return nil, badFact("invoice: payment id must be 1-%d characters", maxRef)
	case !ValidID(f.UserID):
		return nil, badFact("invoice: user id %q is not a UUID", f.UserID)
	case !ValidID(f.OrderID):
		return nil, badFact("invoice: order id %q is not a UUID", f.OrderID)
	case f.Currency != Currency:
		return nil, badFact("invoice: currency %q, want %s", f.Currency, Currency)
	case f.PaidAt.IsZero():
		return nil, badFact("invoice: payment time is missing")
	case len(f.Lines) == 0:
		return nil, badFact("invoice: a payment needs at least one line")
	}
	out := make([]Line, 0, len(f.Lines))
	var total int64
	for i, l := range f.Lines {
		line, err := l.line()
		if err != nil {
			return nil, badFact("invoice: line %d: %v", i+1, err)
		}
		total += line.GrossCents
		out = append(out, line)
	}
	if total <= 0 {
		return nil, badFact("invoice: a payment of %d cents cannot be invoiced", total)
	}
	return out, nil
}

func (l PaidLine) line() (Line, error) {
	switch l.Kind {
	case LineRental, LineExtension:
		if l.GrossCents < 0 {
			return Line{}, badFact("a %s line cannot be negative", l.Kind)
		}
	case LineCoupon:
		if l.GrossCents > 0 {
			return Line{}, badFact("a coupon line cannot be positive")
		}
	default:
		return Line{}, badFact("unknown kind %q", l.Kind)
	}
	if l.Quantity < 1 || l.Days < 0 || l.Hours < 0 {
		return Line{}, badFact("quantity must be at least 1, days and hours not negative")
	}
	if l.From.IsZero() != l.To.IsZero() || (!l.From.IsZero() && !l.To.After(l.From)) {
		return Line{}, badFact("a period needs a start before its end")
	}
	v := l.VATCents
	if v == 0 {
		v = vat.Of(l.GrossCents)
	}
	// VAT has the sign of the amount it is in and never exceeds it.
	if (v < 0) != (l.GrossCents < 0) || abs(v) > abs(l.GrossCents) {
		return Line{}, badFact("VAT %d does not fit in %d", v, l.GrossCents)
	}
	line := newLine(l.Kind, l.Quantity, l.Days, l.Hours, l.GrossCents, v)
	line.From, line.To, line.Capped = utcOrZero(l.From), utcOrZero(l.To), l.Capped
	return line, nil
}

func (f RefundFacts) check() error {
	switch {
	case f.RefundID == "" || len(f.RefundID) > maxRef:
		return badFact("invoice: refund id must be 1-%d characters", maxRef)
	case f.PaymentID == "" || len(f.PaymentID) > maxRef:
		return badFact("invoice: payment id must be 1-%d characters", maxRef)
	case f.AmountCents <= 0:
		return badFact("invoice: a refund of %d cents cannot be credited", f.AmountCents)
	case f.RefundedAt.IsZero():
		return badFact("invoice: refund time is missing")
	}
	return nil
}

func utcOrZero(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// ValidID reports whether id is a UUID in its usual 36-character form, the form
// every id of this product takes. Anything else names no invoice, order or user.
func ValidID(id string) bool {
	if len(id) != 36 {
		return false
	}
	_, err := uuid.Parse(id)
	return err == nil
}
