package promo_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/promo"
)

// adminSteps is promo.AdminSteps in memory: packs by code and the subjects
// each was granted to.
type adminSteps struct {
	packs  map[string]promo.Pack
	grants map[string]bool // code + " " + subject
}

func newAdminSteps() *adminSteps {
	return &adminSteps{packs: map[string]promo.Pack{}, grants: map[string]bool{}}
}

func (f *adminSteps) InsertPack(_ context.Context, p promo.Pack) (bool, error) {
	if _, ok := f.packs[p.Code]; ok {
		return false, nil
	}
	f.packs[p.Code] = p
	return true, nil
}

func (f *adminSteps) PackExists(_ context.Context, code string) (bool, error) {
	_, ok := f.packs[code]
	return ok, nil
}

func (f *adminSteps) Grant(_ context.Context, _, code, subject string, _ time.Time) (bool, error) {
	if f.grants[code+" "+subject] {
		return false, nil
	}
	f.grants[code+" "+subject] = true
	return true, nil
}

func wantCode(t *testing.T, err error, want apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); err == nil || got != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

func TestAddPackChecksAndRefusesATakenCode(t *testing.T) {
	ctx := context.Background()
	f := newAdminSteps()
	p := promo.Pack{Code: " spring-26 ", NameEN: "Spring", NameET: "Kevad", FreeOrders: 2}
	if err := promo.AddPack(ctx, f, &p); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.packs["SPRING-26"]; !ok || p.Code != "SPRING-26" {
		t.Fatalf("packs %v, code %q: want SPRING-26 stored and normalised", f.packs, p.Code)
	}
	again := promo.Pack{Code: "SPRING-26", NameEN: "Again", NameET: "Jälle", FreeOrders: 1}
	wantCode(t, promo.AddPack(ctx, f, &again), apperr.CouponAlreadyRegistered)
	if f.packs["SPRING-26"].NameEN != "Spring" {
		t.Fatal("a taken code replaced the pack")
	}
	none := promo.Pack{Code: "EMPTY", NameEN: "Empty", NameET: "Tühi", FreeOrders: 0}
	wantCode(t, promo.AddPack(ctx, f, &none), apperr.BadInput)
	if len(f.packs) != 1 {
		t.Fatalf("packs %v: a refused pack was stored", f.packs)
	}
}

func TestGrantPackOncePerUserAndOnlyAnExistingPack(t *testing.T) {
	ctx, at := context.Background(), time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	f := newAdminSteps()
	f.packs["SPRING-26"] = promo.Pack{Code: "SPRING-26", FreeOrders: 2}
	code, err := promo.GrantPack(ctx, f, "u1", " spring-26", at)
	if err != nil || code != "SPRING-26" || !f.grants["SPRING-26 user:u1"] {
		t.Fatalf("grant: %q %v, grants %v", code, err, f.grants)
	}
	_, err = promo.GrantPack(ctx, f, "u1", "SPRING-26", at)
	wantCode(t, err, apperr.CouponAlreadyRegistered)
	if _, err := promo.GrantPack(ctx, f, "u2", "SPRING-26", at); err != nil {
		t.Fatalf("another user: %v", err)
	}
	_, err = promo.GrantPack(ctx, f, "u1", "NO-SUCH", at)
	wantCode(t, err, apperr.CantRegisterCoupon)
	if len(f.grants) != 2 {
		t.Fatalf("grants %v, want u1's and u2's only", f.grants)
	}
}
