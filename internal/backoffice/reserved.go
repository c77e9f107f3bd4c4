package backoffice

import (
	"context"
	"time"

	"lockers/internal/order"
)

// LiveRow is a hold (reserved, unpaid, processing) or a running rental
// (active, extended) with the time it has left.
type LiveRow struct {
	OrderRow
	Kind     string // "hold" or "rental"
	LeftSecs int64  // until the hold runs out or the rental ends; negative when overdue
}

// LiveFilter narrows the live list to one station and/or one kind.
type LiveFilter struct {
	StationID string
	Kind      string // "", "hold" or "rental"
	Cursor    string
	Limit     int
}

// LivePage is one page of the live list, newest first.
type LivePage struct {
	Rows []LiveRow
	Next string
}

// FreeHold ends a stuck hold now, as the sweep would when it runs out: the
// order becomes unfinished and its lockers are free. The orders domain decides
// (order.FreeHold): a hold whose payment is in flight (processing) is not
// freed (NOT_RESERVED), the provider's answer decides it.
func (s *Service) FreeHold(ctx context.Context, orderID, note string) (OrderRow, error) {
	var after OrderRow
	err := s.write(ctx, "admin.reserved.free", "order", orderID, note, func(tx Tx, now time.Time) (change, error) {
		before, err := tx.Read.OrderRow(ctx, orderID)
		if err != nil {
			return change{}, err
		}
		if _, err := order.FreeHold(ctx, tx.Orders, before.UserID, orderID, now); err != nil {
			return change{}, err
		}
		if after, err = tx.Read.OrderRow(ctx, orderID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"status": before.Status}, After: map[string]any{"status": after.Status}}, nil
	})
	return after, err
}
