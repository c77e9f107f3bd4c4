package order

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"lockers/internal/apperr"
	"lockers/internal/station"
)

// CreateInput is what order.create receives.
type CreateInput struct {
	StationID      string
	Product        station.Product
	Start, End     string // see station.ParseInstant
	Count          int    // 0 means 1
	IdempotencyKey string
}

// Create reserves concrete lockers for HoldFor and returns the order. A repeated
// idempotency key returns the order it created first, whatever else changed.
func (s *Service) Create(ctx context.Context, userID string, in CreateInput) (Order, error) {
	in.IdempotencyKey = strings.TrimSpace(in.IdempotencyKey)
	if len(in.IdempotencyKey) > 100 {
		return Order{}, apperr.Field(apperr.BadInput, "idempotencyKey", "idempotency key is too long")
	}
	if in.IdempotencyKey != "" {
		if o, err := s.store.ByKey(ctx, userID, in.IdempotencyKey); err == nil || !errors.Is(err, ErrNotFound) {
			return o, err
		}
	}
	if in.StationID == "" {
		return Order{}, apperr.Field(apperr.MissingParams, "stationUuid", "station is required")
	}
	if err := station.CheckProduct(in.Product); err != nil {
		return Order{}, err
	}
	if in.Count == 0 {
		in.Count = 1
	}
	if in.Count < 1 || in.Count > MaxLockers {
		return Order{}, apperr.Field(apperr.BadInput, "count", fmt.Sprintf("count must be 1 to %d", MaxLockers))
	}
	st, err := s.stations.Station(ctx, in.StationID)
	if err != nil {
		return Order{}, err
	}
	start, end, err := s.stations.Timeframe(st, in.Start, in.End)
	if err != nil {
		return Order{}, err
	}
	now := s.Now()
	if err := s.checkHolds(ctx, userID, st.ID, in.Count, now); err != nil {
		return Order{}, err
	}
	o := Order{
		ID: newID(), UserID: userID, Station: st, Product: in.Product, Status: Reserved,
		Start: start, End: end, ReservedUntil: now.Add(HoldFor), IdempotencyKey: in.IdempotencyKey,
		CreatedAt: now, UpdatedAt: now,
	}
	if c, ok, err := s.coupons.Best(ctx, userID, st.ID, now); err != nil {
		return Order{}, fmt.Errorf("order: coupon: %w", err)
	} else if ok {
		o.Coupon = &c
	}
	for range in.Count {
		o.Lockers = append(o.Lockers, Locker{ID: newID(), Status: "booked", Start: start, End: end})
	}
	o.Lines = rentalLines(st.Prices, in.Product, in.Count, start, end, o.Coupon != nil, now)

	booked, err := s.book(ctx, o)
	switch {
	case errors.Is(err, ErrNoLockers):
		return Order{}, apperr.New(apperr.LockersNotAvailable, "not enough lockers of this kind are free for that time")
	case errors.Is(err, ErrDuplicateKey):
		// A concurrent retry with the same key won the insert: answer with its order.
		return s.store.ByKey(ctx, userID, in.IdempotencyKey)
	case err != nil:
		return Order{}, fmt.Errorf("order: book: %w", err)
	}
	s.log.InfoContext(ctx, "order reserved", "order", booked.ID, "station", st.ID, "lockers", len(booked.Lockers))
	return booked, nil
}

// codeDraws bounds how often a booking draws its codes again when one of them
// is live at the station already: with a few hundred live codes at a station a
// clash is about 1 in 1,000 draws, so the bound is never reached in practice.
const codeDraws = 8

// book books o with freshly drawn codes, drawing again when the database
// refuses one because another rental at the station holds it (codes are unique
// among a station's live rentals, so a typed code names one door).
func (s *Service) book(ctx context.Context, o Order) (Order, error) {
	for range codeDraws {
		for i := range o.Lockers {
			o.Lockers[i].DeliveryCode, o.Lockers[i].PickingCode = s.drawCodes()
		}
		booked, err := s.store.Book(ctx, Booking{Order: o})
		if !errors.Is(err, ErrCodeTaken) {
			return booked, err
		}
	}
	return Order{}, fmt.Errorf("order: no free codes at the station after %d draws", codeDraws)
}
