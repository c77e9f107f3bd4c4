package hardware_test

import (
	"testing"

	"lockers/internal/apperr"
	"lockers/internal/hardware"
)

func TestGuestLinkShowsThePickingSideUntilRevoked(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		if _, _, err := e.hw.CreateGuest(e.ctx, e.user(), r.order, r.orderLocker); apperr.CodeOf(err) != apperr.LockerNotFound {
			t.Fatalf("another user's guest link: %v", err)
		}
		g, until, err := e.hw.CreateGuest(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT count(*) FROM guest_links WHERE token_hash = $1`, g.Token); n != 0 {
			t.Fatal("the token is stored as it is")
		}
		v, err := e.hw.Guest(e.ctx, g.Token)
		if err != nil {
			t.Fatal(err)
		}
		if v.Label != "A01" || v.StationName == "" || len(v.Codes) != 1 || v.Codes[0].Kind != hardware.Picking || v.Codes[0].Code != r.picking {
			t.Fatalf("guest view %+v", v)
		}
		if !v.End.Equal(until) {
			t.Errorf("valid until %v, want the order's end %v", v.End, until)
		}
		if _, err := e.hw.Guest(e.ctx, g.Token+"x"); apperr.CodeOf(err) != apperr.LockerNotFound {
			t.Errorf("a wrong token: %v", err)
		}
		if err := e.hw.RevokeGuest(e.ctx, r.user, r.order, r.orderLocker, g.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.hw.Guest(e.ctx, g.Token); apperr.CodeOf(err) != apperr.LockerNotFound {
			t.Errorf("a revoked link: %v", err)
		}
	})
}
