package accountsql

import (
	"context"
	"time"

	"lockers/internal/account"
	"lockers/internal/promo/promosql"
)

// coupons is account.Coupons inside an account transaction. The statements
// belong to the promotions store (promosql); this only maps their errors to the
// accounts domain's.
type coupons struct{ conn }

func (r coupons) GrantCoupon(ctx context.Context, userID, code, subject string, at time.Time) (bool, error) {
	ok, err := promosql.Grant(ctx, r.q, userID, code, subject, at)
	return ok, mapErr(err)
}

func (r coupons) BindCouponPhone(ctx context.Context, userID, code, phoneSubject string) (bool, error) {
	if !validID(userID) {
		return false, account.ErrNotFound
	}
	ok, err := promosql.BindPhone(ctx, r.q, userID, code, phoneSubject)
	return ok, mapErr(err)
}
