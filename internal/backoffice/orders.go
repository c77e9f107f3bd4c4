package backoffice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/audit"
	"lockers/internal/order"
)

// OrderRow is an order as the back office lists it.
type OrderRow struct {
	ID            string
	UserID        string
	UserEmail     string // empty once the user is deleted
	StationID     string
	StationName   string
	TimeZone      string // the station's: its times are shown on its clock
	Status        string
	PaymentState  string
	Height        string
	Temperature   string
	StartsAt      time.Time
	EndsAt        time.Time
	ReservedUntil time.Time
	PaidCents     int64
	RefundedCents int64
	CreatedAt     time.Time
}

// OrderFilter narrows the order list; empty fields do not filter. From and To
// bound the order's creation time: [From, To).
type OrderFilter struct {
	// Query finds orders by id (whole, or its first characters) or by the
	// label of a compartment they booked ("A05"; at the station filtered by,
	// if any).
	Query     string
	Status    string
	StationID string
	UserID    string
	From, To  time.Time
	Cursor    string
	Limit     int
}

// OrderPage is one page of orders, newest first.
type OrderPage struct {
	Orders []OrderRow
	Next   string
}

// Refund gives an order's money back through the payments domain's refund
// path: all that is left (every kept payment not refunded yet), or
// amountCents of it (a partial refund); the invoices domain then issues the
// credit notes. The note is required (MISSING_NOTE); more than is left is
// CANT_REFUND. The audit row is written, with the
// note and the amounts before, in its own transaction before the provider is
// asked: the refund spans several transactions and a provider call, and the
// intent must be on record even if the process stops half-way; the refunds
// table records the outcome.
//
// A full refund ends the rental
// (docs/decisions/063-operator-actions-on-bookings.md): once no money is kept,
// the orders domain marks a booked or running order refunded and lets its
// lockers go, so codes, doors and Extend stop and the "refunded" filter finds
// it. A partial refund leaves the rental running.
//
// requestID, when given, makes the call idempotent: a repeat of a request
// (a double-click, a retry after a lost answer) refunds nothing more and
// answers the order as it is.
func (s *Service) Refund(ctx context.Context, orderID, note string, amountCents int64, requestID string) (OrderRow, error) {
	note, err := requiredNote(note)
	if err != nil {
		return OrderRow{}, err
	}
	if requestID != "" && !validID(requestID) {
		return OrderRow{}, apperr.Field(apperr.BadInput, "requestId", "not an id")
	}
	if amountCents < 0 {
		return OrderRow{}, apperr.Field(apperr.BadInput, "amountCents", "the amount must be positive")
	}
	// A repeated submit (a double click, a retry) answers with the order as
	// the first one left it, refunded, instead of "nothing to refund" (issue 43).
	if requestID != "" {
		_, made, err := s.store.RequestMade(ctx, requestID, "admin.orders.refund", orderID)
		if err != nil {
			return OrderRow{}, internal("refund", err)
		}
		if made {
			o, err := s.store.OrderRow(ctx, orderID)
			return o, internal("refund", err)
		}
	}
	before, err := s.store.OrderRow(ctx, orderID)
	if err != nil {
		return OrderRow{}, internal("refund", err)
	}
	left := before.PaidCents // what the order keeps: refunds take it down
	refusal := order.Standing{Status: order.Status(before.Status), PaidCents: left}.RefundRefusal()
	if refusal != order.Accepted || s.refund == nil {
		return OrderRow{}, apperr.New(apperr.CantRefund, "nothing on this order can be refunded")
	}
	if amountCents > left {
		return OrderRow{}, apperr.Field(apperr.CantRefund, "amountCents", fmt.Sprintf("at most %d cents are left to refund", left))
	}
	partial := amountCents > 0 && amountCents < left
	amount := left
	part, canPart := s.refund.(PartRefunder)
	if partial {
		if !canPart {
			return OrderRow{}, apperr.New(apperr.CantRefund, "partial refunds are not available")
		}
		amount = amountCents
	}
	err = s.write(ctx, "admin.orders.refund", "order", orderID, note, func(tx Tx, now time.Time) (change, error) {
		if err := tx.Audit.ClaimRequest(ctx, requestID, "admin.orders.refund", orderID, now); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"paidCents": before.PaidCents, "refundedCents": before.RefundedCents},
			After: map[string]any{"refund": "requested", "amountCents": amount, "partial": partial}}, nil
	})
	if errors.Is(err, audit.ErrRepeated) {
		o, err := s.store.OrderRow(ctx, orderID)
		return o, internal("refund", err)
	}
	if err != nil {
		return OrderRow{}, err
	}
	o, err := s.refund.Order(ctx, before.UserID, orderID)
	if err != nil {
		return OrderRow{}, internal("refund", err)
	}
	// The customer's refund notification says the operator's reason (issue 42).
	rctx := order.WithRefundReason(ctx, note)
	if partial {
		err = part.RefundPart(rctx, o, amount)
	} else {
		err = s.refund.RefundOrder(rctx, o)
	}
	if err != nil {
		return OrderRow{}, internal("refund", err)
	}
	after, err := s.store.OrderRow(ctx, orderID)
	if err != nil {
		return OrderRow{}, internal("refund", err)
	}
	if !partial && after.PaidCents == 0 && s.end != nil {
		if _, err := s.end.EndRefunded(ctx, before.UserID, orderID); err != nil {
			return OrderRow{}, internal("refund", err)
		}
		after, err = s.store.OrderRow(ctx, orderID)
	}
	return after, internal("refund", err)
}
