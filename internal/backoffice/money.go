package backoffice

import (
	"context"
	"time"
)

// The money ledger: one row per movement of money, at the time it moved — a
// payment made (positive) or a refund paid out (negative) — so its sum over a
// period is the statistics' revenue for the same period. An attempt that
// never paid moves no money and is not in it. payments.csv is this list.
const (
	MoneyPayment = "payment"
	MoneyRefund  = "refund"
)

// MoneyFilter narrows the ledger; empty fields do not filter.
type MoneyFilter struct {
	UserID   string
	From, To time.Time // the time the money moved, [From, To)
	Cursor   string
	Limit    int
}

// MoneyRow is one movement. AmountCents is signed: a refund is negative.
// PaymentID is the payment itself or the one a refund returns; Reason is a
// refund's (cancel, surplus, partial).
type MoneyRow struct {
	ID, Kind                   string
	At                         time.Time
	PaymentID, OrderID, UserID string
	AmountCents                int64
	Currency                   string
	Reason                     string
}

// MoneyPage is one page of the ledger, newest first.
type MoneyPage struct {
	Items []MoneyRow
	Next  string
}

// Money lists the money ledger, newest first, filtered and paged by key.
func (s *Service) Money(ctx context.Context, f MoneyFilter) (MoneyPage, error) {
	return s.store.Money(ctx, f)
}
