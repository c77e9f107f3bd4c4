package promo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// registrationOnly packs are granted by the server, never by typing their code:
// the "first 3 free" pack is once per verified address (product.md "Free orders").
var registrationOnly = []string{FirstOrdersFree}

// Service answers coupon.list and coupon.register and picks the coupon an order uses.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the promotions service; now may be nil for time.Now.
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// List returns the user's coupons, newest first.
func (s *Service) List(ctx context.Context, userID string) ([]Coupon, error) {
	cs, err := s.store.Coupons(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("promo: list: %w", err)
	}
	return cs, nil
}

// NormalizeCode is how a typed code is compared: trimmed, upper case.
func NormalizeCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// Register adds the pack with code to the user's coupons: MISSING_PARAMS for an
// empty code, CANT_REGISTER_COUPON for an unknown, expired or registration-only
// pack, COUPON_ALREADY_REGISTERED when the user holds it already.
func (s *Service) Register(ctx context.Context, userID, code string) (Coupon, error) {
	code = NormalizeCode(code)
	if code == "" {
		return Coupon{}, apperr.Field(apperr.MissingParams, "code", "code is required")
	}
	now := s.now().UTC()
	cant := apperr.Field(apperr.CantRegisterCoupon, "code", "this code cannot be registered")
	if len(code) > 64 || slices.Contains(registrationOnly, code) {
		return Coupon{}, cant
	}
	pack, err := s.store.Pack(ctx, code)
	if errors.Is(err, ErrPackNotFound) {
		return Coupon{}, cant
	}
	if err != nil {
		return Coupon{}, fmt.Errorf("promo: pack: %w", err)
	}
	if !pack.ValidUntil.IsZero() && !now.Before(pack.ValidUntil) {
		return Coupon{}, cant
	}
	c := Coupon{ID: uuid.NewString(), UserID: userID, Pack: pack, Remaining: pack.FreeOrders, RegisteredAt: now}
	// The subject makes "one pack per holder" a unique rule in the database.
	err = s.store.Register(ctx, c, "user:"+userID)
	if errors.Is(err, ErrAlreadyRegistered) {
		return Coupon{}, apperr.Field(apperr.CouponAlreadyRegistered, "code", "you have registered this code already")
	}
	if err != nil {
		return Coupon{}, fmt.Errorf("promo: register: %w", err)
	}
	return c, nil
}

// Best is the coupon an order at stationID placed at now would use: a
// station-specific pack before a general one, then the one expiring first, then
// the oldest. ok is false when none is usable.
func (s *Service) Best(ctx context.Context, userID, stationID string, now time.Time) (c Coupon, ok bool, err error) {
	cs, err := s.store.Coupons(ctx, userID)
	if err != nil {
		return Coupon{}, false, fmt.Errorf("promo: coupons: %w", err)
	}
	c, ok = Pick(cs, stationID, now)
	return c, ok, nil
}

// Pick applies Best's order to a list of coupons.
func Pick(cs []Coupon, stationID string, now time.Time) (Coupon, bool) {
	usable := slices.DeleteFunc(slices.Clone(cs), func(c Coupon) bool { return !c.Usable(stationID, now) })
	if len(usable) == 0 {
		return Coupon{}, false
	}
	slices.SortStableFunc(usable, func(a, b Coupon) int {
		if (a.Pack.StationID != "") != (b.Pack.StationID != "") {
			if a.Pack.StationID != "" {
				return -1
			}
			return 1
		}
		if ea, eb := expiry(a), expiry(b); !ea.Equal(eb) {
			return ea.Compare(eb)
		}
		return a.RegisteredAt.Compare(b.RegisteredAt)
	})
	return usable[0], true
}

// expiry orders "never" after every date.
func expiry(c Coupon) time.Time {
	if c.Pack.ValidUntil.IsZero() {
		return time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	return c.Pack.ValidUntil
}
