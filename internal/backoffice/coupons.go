package backoffice

import (
	"context"
	"time"

	"lockers/internal/promo"
)

// PackRow is a coupon pack with its usage.
type PackRow struct {
	promo.Pack
	Holders   int // users holding the pack
	Remaining int // free orders left across holders
	Used      int // free orders spent
}

// CreatePack adds a coupon pack as the promotions domain allows it
// (promo.AddPack): code (upper case letters, digits, dashes), names in
// English and Estonian, free orders (count), optional station and expiry, and
// the operator's reason (MISSING_NOTE): a pack gives money away.
func (s *Service) CreatePack(ctx context.Context, p promo.Pack, reason string) (promo.Pack, error) {
	reason, err := requiredReason("reason", reason)
	if err != nil {
		return promo.Pack{}, err
	}
	if err := promo.CheckPack(&p); err != nil {
		return promo.Pack{}, err
	}
	err = s.write(ctx, "admin.coupons.createPack", "coupon_pack", p.Code, reason, func(tx Tx, _ time.Time) (change, error) {
		if p.StationID != "" {
			if _, err := tx.Read.StationRow(ctx, p.StationID); err != nil {
				return change{}, err
			}
		}
		if err := promo.AddPack(ctx, tx.Coupons, &p); err != nil {
			return change{}, err
		}
		return change{After: map[string]any{"code": p.Code, "nameEn": p.NameEN, "nameEt": p.NameET,
			"count": p.FreeOrders, "stationId": p.StationID, "validUntil": timeOrNil(p.ValidUntil)}}, nil
	})
	return p, err
}

// GrantPack gives a user a pack as if they had typed its code (once per user:
// COUPON_ALREADY_REGISTERED when they hold it; promo.GrantPack), with the
// operator's reason (MISSING_NOTE).
func (s *Service) GrantPack(ctx context.Context, userID, code, reason string) error {
	reason, err := requiredReason("reason", reason)
	if err != nil {
		return err
	}
	code = promo.NormalizeCode(code)
	return s.write(ctx, "admin.coupons.grant", "user", userID, reason, func(tx Tx, now time.Time) (change, error) {
		if _, err := tx.Read.LiveUser(ctx, userID); err != nil {
			return change{}, err
		}
		if _, err := promo.GrantPack(ctx, tx.Coupons, userID, code, now); err != nil {
			return change{}, err
		}
		return change{After: map[string]any{"pack": code}}, nil
	})
}
