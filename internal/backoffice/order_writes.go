package backoffice

import (
	"context"
	"errors"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/audit"
	"lockers/internal/order"
)

// Extender extends an order on its owner's behalf (the orders domain), the
// audit entry record makes in the extension's own transaction.
type Extender interface {
	ExtendAudited(ctx context.Context, userID, id, orderLockerID, end string, goodwill bool,
		record func(before, after order.Order) audit.Entry) (order.Order, error)
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

// DeleteOrder deletes an order as the orders domain allows it
// (order.DeleteByOperator: no money kept, no running rental, no payment in
// flight; CANT_CHANGE otherwise), with a required note that stays in the
// audit log (the customer does not see it). Its lockers are freed, a free
// order's coupon gets the free order back, and the customer is told
// (Deps.Told), in the same transaction.
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
		if before.Status == string(order.Deleted) {
			return change{}, errAlreadySo // the same delete again (a double-click)
		}
		couponReturned, err := order.DeleteByOperator(ctx, tx.Orders, before.UserID, orderID, now)
		if err != nil {
			return change{}, err
		}
		if after, err = tx.Read.OrderRow(ctx, orderID); err != nil {
			return change{}, err
		}
		if err := s.tell(ctx, tx.Txn, Told{Kind: ToldDeleted, UserID: before.UserID, OrderID: orderID,
			StationName: before.StationName, Zone: before.TimeZone, Start: before.StartsAt, End: before.EndsAt,
			Key: "order-deleted:" + orderID}); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"status": before.Status},
			After: map[string]any{"status": after.Status, "couponReturned": couponReturned}}, nil
	})
	if errors.Is(err, errAlreadySo) {
		// Answered with the deleted order, as the first delete was (issue 43).
		return s.store.OrderRow(ctx, orderID)
	}
	return after, err
}

// ExtendOrder extends one locker of an order to end on its owner's behalf, by
// the orders domain's own rules and price. A goodwill extension is free for the
// owner and applies at once; otherwise the owner pays it as if they had asked,
// and a paid order's end moves only when they pay within the hold (the order
// page shows the pending extension, its price and when it lapses). The orders
// domain writes the audit entry in the extension's transaction
// (order.ExtendAudited): the new end when it applied, or "pending" with the
// asked-for end, the price and the hold, never an end that may lapse.
func (s *Service) ExtendOrder(ctx context.Context, orderID, orderLockerID, end, note string, goodwill bool) (OrderRow, error) {
	note, err := requiredNote(note)
	if err != nil {
		return OrderRow{}, err
	}
	if s.extend == nil {
		return OrderRow{}, apperr.New(apperr.OrderCantBeExtended, "extending is not available")
	}
	p, err := actor(ctx)
	if err != nil {
		return OrderRow{}, err
	}
	o, err := s.store.OrderRow(ctx, orderID)
	if err != nil {
		return OrderRow{}, internal("extend", err)
	}
	record := func(before, after order.Order) audit.Entry {
		return audit.Entry{ID: newID(), ActorID: p.UserID, Action: "admin.orders.extend", TargetType: "order",
			TargetID: orderID, Note: note, At: s.Now(),
			Before: audit.Values(map[string]any{"end": before.End.UTC(), "status": before.Status}),
			After:  audit.Values(extensionAfter(after, end, orderLockerID, goodwill))}
	}
	extended, err := s.extend.ExtendAudited(ctx, o.UserID, orderID, orderLockerID, end, goodwill, record)
	if err != nil {
		return OrderRow{}, internal("admin.orders.extend", err)
	}
	// An extension that waits for the customer's payment is theirs to know
	// of: its price and when it lapses. (Told after the extension commits; a
	// goodwill or free one applied at once and the order's end says so.)
	if x := extended.Extension; x != nil {
		if err := s.tell(ctx, nil, Told{Kind: ToldExtension, UserID: o.UserID, OrderID: orderID,
			StationName: o.StationName, Zone: o.TimeZone, Start: o.StartsAt, End: x.NewEnd, AmountCents: x.AmountCents,
			Until: x.HoldUntil, Key: "extension-offered:" + orderID + ":" + x.CreatedAt.UTC().Format(time.RFC3339Nano)}); err != nil {
			s.log.WarnContext(ctx, "backoffice: the customer was not told of a pending extension", "order", orderID, "err", err)
		}
	}
	after, err := s.store.OrderRow(ctx, orderID)
	return after, internal("extend", err)
}

// extensionAfter is what an operator's extension changed, as the audit keeps
// it: a pending one (waiting for the owner's payment) is not a new end.
func extensionAfter(after order.Order, requested, orderLockerID string, goodwill bool) map[string]any {
	if x := after.Extension; x != nil {
		return map[string]any{"pending": true, "requestedEnd": requested, "orderLockerId": orderLockerID,
			"amountCents": x.AmountCents, "lapsesAt": x.HoldUntil.UTC(), "status": after.Status}
	}
	return map[string]any{"end": after.End.UTC(), "orderLockerId": orderLockerID, "goodwill": goodwill,
		"status": after.Status}
}
