package backoffice

import (
	"context"
	"time"

	"lockers/internal/txn"
)

// What an operator changes about a customer's booking or money is told to the
// customer (issue 42): a move (Deps.Moved), a refund (the orders' own
// RefundMade), and the changes below (Deps.Told). Each is a notification on
// the order, so the customer's order keeps its trace.
const (
	// ToldDeleted: an operator deleted the booking.
	ToldDeleted = "order_deleted"
	// ToldExtension: an operator extended the rental and the extension waits
	// for the customer's payment: its price and when it lapses.
	ToldExtension = "extension_offered"
)

// Told is one operator change told to a customer.
type Told struct {
	Kind              string // ToldDeleted or ToldExtension
	UserID, OrderID   string
	StationName, Zone string
	Start, End        time.Time // the booking's; for an extension, End is the new end
	AmountCents       int64     // an extension's price
	Until             time.Time // when an extension lapses unpaid
	Key               string    // once-only key of the notification
}

// toldHook is Deps.Told's type: tx is the change's transaction, or nil when
// the change committed in a transaction of its own (the hook opens one).
type toldHook = func(ctx context.Context, tx txn.Tx, t Told) error

// tell runs the Told hook, if there is one.
func (s *Service) tell(ctx context.Context, tx txn.Tx, t Told) error {
	if s.told == nil {
		return nil
	}
	return s.told(ctx, tx, t)
}
