package backoffice

import (
	"context"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

// Extender extends an order on its owner's behalf (the orders domain).
type Extender interface {
	Extend(ctx context.Context, userID, id, orderLockerID, end string) (order.Order, error)
}

// requiredNote trims a note and answers MISSING_NOTE for none.
func requiredNote(note string) (string, error) {
	note = strings.TrimSpace(note)
	if note == "" {
		return "", apperr.Field(apperr.MissingNote, "note", "Missing Note")
	}
	if len(note) > 1000 {
		return "", apperr.Field(apperr.BadInput, "note", "note is too long")
	}
	return note, nil
}

// DeleteOrder deletes an order that holds no money and no one's things (a
// paid one is refunded first; CANT_CHANGE otherwise), with a required note.
func (s *Service) DeleteOrder(ctx context.Context, orderID, note string) (OrderRow, error) {
	note, err := requiredNote(note)
	if err != nil {
		return OrderRow{}, err
	}
	var after OrderRow
	err = s.write(ctx, "admin.orders.delete", "order", orderID, note, func(tx Tx, now time.Time) (change, error) {
		before, err := tx.Read.OrderRow(ctx, orderID)
		if err != nil {
			return change{}, err
		}
		ok, err := tx.Orders.MarkDeleted(ctx, orderID, note, now)
		if err != nil {
			return change{}, err
		}
		if !ok {
			return change{}, apperr.New(apperr.CantChange, "only an order without money or a running rental can be deleted")
		}
		if after, err = tx.Read.OrderRow(ctx, orderID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"status": before.Status}, After: map[string]any{"status": after.Status}}, nil
	})
	return after, err
}

// ExtendOrder extends one locker of an order to end on its owner's behalf, by
// the orders domain's own rules and price (the owner pays the extension as if
// they had asked). The orders domain commits in its own transaction, so the
// audit row follows in the next one, with the old and new end.
func (s *Service) ExtendOrder(ctx context.Context, orderID, orderLockerID, end, note string) (OrderRow, error) {
	note, err := requiredNote(note)
	if err != nil {
		return OrderRow{}, err
	}
	if s.extend == nil {
		return OrderRow{}, apperr.New(apperr.OrderCantBeExtended, "extending is not available")
	}
	before, err := s.store.OrderRow(ctx, orderID)
	if err != nil {
		return OrderRow{}, internal("extend", err)
	}
	if _, err := s.extend.Extend(ctx, before.UserID, orderID, orderLockerID, end); err != nil {
		return OrderRow{}, internal("extend", err)
	}
	var after OrderRow
	err = s.write(ctx, "admin.orders.extend", "order", orderID, note, func(tx Tx, _ time.Time) (change, error) {
		var err error
		if after, err = tx.Read.OrderRow(ctx, orderID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"end": before.EndsAt, "status": before.Status},
			After: map[string]any{"requestedEnd": end, "orderLockerId": orderLockerID, "status": after.Status}}, nil
	})
	return after, err
}
