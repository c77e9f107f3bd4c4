package promo

import (
	"context"
	"time"

	"lockers/internal/apperr"
)

// AdminSteps are the promotions store's steps an operator's change takes
// inside the caller's transaction (promosql.AdminIn; the back office's unit
// of work, which records the audit row in it too).
type AdminSteps interface {
	// InsertPack adds a pack; false when its code exists.
	InsertPack(ctx context.Context, p Pack) (bool, error)
	PackExists(ctx context.Context, code string) (bool, error)
	// Grant gives the user the pack unless subject received it; false when it did.
	Grant(ctx context.Context, userID, code, subject string, at time.Time) (bool, error)
}

// AddPack adds an operator's pack once CheckPack accepts it (normalised in
// p): COUPON_ALREADY_REGISTERED on field code when a pack has the code.
func AddPack(ctx context.Context, tx AdminSteps, p *Pack) error {
	if err := CheckPack(p); err != nil {
		return err
	}
	ok, err := tx.InsertPack(ctx, *p)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Field(apperr.CouponAlreadyRegistered, "code", "a pack with this code exists")
	}
	return nil
}

// GrantPack gives a user a pack as if they had typed its code, once per user
// (the grant's subject is the user, where a registration's is their e-mail):
// CANT_REGISTER_COUPON for no such pack, COUPON_ALREADY_REGISTERED when the
// user holds it. It returns the code as normalised.
func GrantPack(ctx context.Context, tx AdminSteps, userID, code string, at time.Time) (string, error) {
	code = NormalizeCode(code)
	exists, err := tx.PackExists(ctx, code)
	if err != nil {
		return code, err
	}
	if !exists {
		return code, apperr.Field(apperr.CantRegisterCoupon, "code", "no pack has this code")
	}
	ok, err := tx.Grant(ctx, userID, code, "user:"+userID, at)
	if err != nil {
		return code, err
	}
	if !ok {
		return code, apperr.New(apperr.CouponAlreadyRegistered, "the user holds this pack already")
	}
	return code, nil
}
