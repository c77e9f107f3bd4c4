package api

import (
	"context"

	"lockers/internal/rpc"
)

// couponProcedures are the Promotions screen's: the caller's packs and
// registering a code.
func couponProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Query("coupon.list", rpc.User, func(ctx context.Context, _ rpc.Void) ([]CouponView, error) {
			cs, err := d.Coupons.List(ctx, callerID(ctx))
			if err != nil {
				return nil, err
			}
			out := make([]CouponView, 0, len(cs))
			for _, c := range cs {
				out = append(out, couponView(c))
			}
			return out, nil
		}),
		rpc.Mutation("coupon.register", rpc.User, func(ctx context.Context, in CouponRegisterInput) (CouponView, error) {
			c, err := d.Coupons.Register(ctx, callerID(ctx), in.Code)
			if err != nil {
				return CouponView{}, err
			}
			return couponView(c), nil
		}),
	}
}
