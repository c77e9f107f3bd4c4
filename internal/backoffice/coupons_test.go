package backoffice_test

import (
	"testing"

	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/promo"
)

// TestCouponPacks: an admin creates a pack (checked input, unique code, known
// station), grants it to a user once, and the pack list shows its usage.
func TestCouponPacks(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		pack := promo.Pack{Code: "summer-2", NameEN: "2 free in summer", NameET: "2 tasuta suvel", FreeOrders: 2,
			StationID: demo.Stations[0].ID, ValidUntil: t0.AddDate(0, 3, 0)}
		got, err := o.svc.CreatePack(o.ctx(), pack, "summer campaign")
		must(t, err)
		if got.Code != "SUMMER-2" {
			t.Fatalf("code %q", got.Code)
		}
		_, err = o.svc.CreatePack(o.ctx(), pack, "summer campaign")
		wantCode(t, err, apperr.CouponAlreadyRegistered)
		bad := pack
		bad.Code, bad.FreeOrders = "OTHER", 0
		_, err = o.svc.CreatePack(o.ctx(), bad, "summer campaign")
		wantCode(t, err, apperr.BadInput)
		bad.FreeOrders, bad.StationID = 1, "00000000-0000-4000-8000-000000000000"
		_, err = o.svc.CreatePack(o.ctx(), bad, "summer campaign")
		wantCode(t, err, apperr.StationNotFound)

		must(t, o.svc.GrantPack(o.ctx(), mari, "summer-2", "goodwill"))
		wantCode(t, o.svc.GrantPack(o.ctx(), mari, "SUMMER-2", "goodwill"), apperr.CouponAlreadyRegistered)
		wantCode(t, o.svc.GrantPack(o.ctx(), mari, "NOPE", "goodwill"), apperr.CantRegisterCoupon)
		o.exec(`UPDATE user_coupons SET remaining = 1 WHERE user_id = $1`, mari)

		packs, err := o.svc.Packs(o.ctx())
		must(t, err)
		found := false
		for _, p := range packs {
			if p.Code == "SUMMER-2" {
				found = true
				if p.Holders != 1 || p.Remaining != 1 || p.Used != 1 || !p.ValidUntil.Equal(t0.AddDate(0, 3, 0)) ||
					p.StationID != demo.Stations[0].ID {
					t.Fatalf("pack %+v", p)
				}
			}
		}
		if !found {
			t.Fatal("the new pack is not listed")
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action IN ('admin.coupons.createPack', 'admin.coupons.grant')`); n != 2 {
			t.Fatalf("%d coupon audit rows, want 2", n)
		}
	})
}
