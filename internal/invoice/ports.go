package invoice

import (
	"context"
	"errors"
	"time"
)

// Errors a Store returns.
var (
	ErrNotFound = errors.New("invoice: not found")
	// ErrDuplicate: the payment has an invoice, or the refund a credit note, already.
	ErrDuplicate = errors.New("invoice: payment or refund documented already")
	// ErrUnknownParty: the user or the order of a new invoice does not exist.
	ErrUnknownParty = errors.New("invoice: unknown user or order")
)

// Store keeps invoices and credit notes. Reads are not scoped to a user: the
// Service checks ownership, so another user's invoice is INVOICE_NOT_FOUND.
type Store interface {
	// Issue gives inv the next number of year inv.Year and inserts it with its
	// lines, in one transaction: if the insert fails the number is not used.
	// ErrDuplicate when inv's payment (an invoice) or refund (a credit note) is
	// documented already.
	Issue(ctx context.Context, inv Invoice) (Invoice, error)
	Get(ctx context.Context, id string) (Invoice, error)
	// IssueAll is Issue for many invoices in one transaction, numbered in the
	// order given; a failure (ErrDuplicate, ErrUnknownParty or another) inserts none.
	IssueAll(ctx context.Context, invs []Invoice) ([]Invoice, error)
	// ByPayment finds the invoice (not a credit note) of a payment.
	ByPayment(ctx context.Context, paymentID string) (Invoice, error)
	// ByPayments finds the invoices of payments, by payment id, without their lines.
	ByPayments(ctx context.Context, paymentIDs []string) (map[string]Invoice, error)
	// ByRefund finds the credit note of a refund.
	ByRefund(ctx context.Context, refundID string) (Invoice, error)
	// List returns the user's invoices and credit notes, newest first, at most
	// limit; only the order's when orderID is set.
	List(ctx context.Context, userID, orderID string, limit int) ([]Invoice, error)
	// Credit locks the invoice of paymentID and calls fn with it and its credit
	// notes so far; in the same transaction it numbers and inserts the credit
	// note fn returns (as Issue does) and saves the invoice's state and
	// cancellation time as fn left them. An error from fn changes nothing.
	// ErrNotFound when the payment has no invoice, ErrDuplicate when the credit
	// note's refund has one already.
	Credit(ctx context.Context, paymentID string, fn func(inv *Invoice, credits []Invoice) (Invoice, error)) (Invoice, error)
	// Settle moves the order's paid invoices and credit notes to settled at at
	// and reports how many moved.
	Settle(ctx context.Context, orderID string, at time.Time) (int, error)
	// StationZone is the IANA time zone of the order's station, in which the
	// lines' periods are printed.
	StationZone(ctx context.Context, orderID string) (string, error)
	// FreezeSeller gives the invoices issued before sellers were kept (no
	// seller) the seller s, and reports how many it changed.
	FreezeSeller(ctx context.Context, s Seller) (int, error)
	// ForgetBuyers erases the buyer's name and e-mail kept on the invoices of
	// deleted accounts, and reports how many it changed.
	ForgetBuyers(ctx context.Context) (int, error)
}

// Languages an invoice PDF is printed in.
const (
	English  = "en"
	Estonian = "et"
)

// Buyer is who an invoice is addressed to. An invoice keeps the name and
// e-mail the account had when it was issued (Invoice.Buyer); the account as
// it is now (Buyers) gives the PDF's default language and whether the account
// has been deleted since, which prints "(account deleted)" instead (the
// deletion promise: invoices are kept without personal data).
type Buyer struct {
	Name     string
	Email    string
	Language string // en | et; empty on an invoice's copy
	Deleted  bool   // the account is deleted (Buyers only)
}

// Buyers looks up the account behind a user's invoices now (the accounts domain).
type Buyers interface {
	Buyer(ctx context.Context, userID string) (Buyer, error)
}

// Seller is the company that issues the invoices, from configuration; each
// invoice keeps the particulars it was issued under (Invoice.Seller).
type Seller struct {
	Name         string
	Address      string
	RegistryCode string
	// VATNumber (KMKR nr) is required: every price includes VAT, which an
	// invoice may charge only under the seller's VAT number.
	VATNumber string
}

// Document is everything printed on one invoice PDF: the invoice as it was
// issued (its Seller too; an invoice from before sellers were kept, whose
// Seller is empty, prints the renderer's own), the buyer it names (empty after
// the account's deletion) and the language of its words.
type Document struct {
	Invoice  Invoice
	Buyer    Buyer
	Language string // en | et
	// StationZone is the zone of the order's station, in which the lines'
	// periods are printed; nil prints them in Zone (the seller's).
	StationZone *time.Location
}

// PDF is a printed invoice and the file name to save it under.
type PDF struct {
	Filename string
	Bytes    []byte
}

// Renderer prints an invoice or credit note.
type Renderer interface {
	Render(d Document) (PDF, error)
}
