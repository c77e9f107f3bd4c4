package backoffice

import (
	"context"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/promo"
)

// PackRow is a coupon pack with its usage.
type PackRow struct {
	promo.Pack
	Holders   int // users holding the pack
	Remaining int // free orders left across holders
	Used      int // free orders spent
}

// CreatePack adds a coupon pack: code (upper case letters, digits, dashes),
// names in English and Estonian, free orders (count), optional station and
// expiry, and the operator's reason (MISSING_NOTE): a pack gives money away.
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
		ok, err := tx.Coupons.InsertPack(ctx, p)
		if err != nil {
			return change{}, err
		}
		if !ok {
			return change{}, apperr.Field(apperr.CouponAlreadyRegistered, "code", "a pack with this code exists")
		}
		return change{After: map[string]any{"code": p.Code, "nameEn": p.NameEN, "nameEt": p.NameET,
			"count": p.FreeOrders, "stationId": p.StationID, "validUntil": timeOrNil(p.ValidUntil)}}, nil
	})
	return p, err
}

// GrantPack gives a user a pack as if they had typed its code (once per user:
// COUPON_ALREADY_REGISTERED when they hold it), with the operator's reason
// (MISSING_NOTE).
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
		if ok, err := tx.Read.PackExists(ctx, code); err != nil || !ok {
			if err == nil {
				err = apperr.Field(apperr.CantRegisterCoupon, "code", "no pack has this code")
			}
			return change{}, err
		}
		ok, err := tx.Coupons.Grant(ctx, userID, code, "user:"+userID, now)
		if err != nil {
			return change{}, err
		}
		if !ok {
			return change{}, apperr.New(apperr.CouponAlreadyRegistered, "the user holds this pack already")
		}
		return change{After: map[string]any{"pack": code}}, nil
	})
}
