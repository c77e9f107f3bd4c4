package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account"
	"lockers/internal/adapters/stationsim"
	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/identity"
	"lockers/internal/ratelimit"
	"lockers/internal/rpc"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

func TestDoorProceduresAccess(t *testing.T) {
	t.Parallel()
	a := map[string]rpc.Access{}
	for _, p := range api.Hybrid(api.Deps{}) {
		a[p.Path] = p.Access
	}
	for path, want := range map[string]rpc.Access{
		"locker.open": rpc.User, "locker.openIntent": rpc.User, "locker.replace": rpc.User, "code.list": rpc.User, "code.regenerate": rpc.User,
		"code.add": rpc.User, "code.remove": rpc.User, "guest.create": rpc.User, "guest.revoke": rpc.User,
		"guest.get": rpc.Public, "kiosk.enter": rpc.Public, "locker.temperatures": rpc.User,
	} {
		if got, ok := a[path]; !ok || got != want {
			t.Errorf("%s: access %v (declared %v), want %v", path, got, ok, want)
		}
	}
}

// doorAPI serves the door procedures on a database with the demo stations and
// the simulator (doors close after 50 ms).
func doorAPI(t *testing.T, db *store.DB) *bookingAPI {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	sim := stationsim.New(stationsim.Options{CloseAfter: 50 * time.Millisecond})
	// The door service waits for the station as long as in production (5 s): no test here waits it out, and a
	// starved test process (make test runs it under nice) must not fail an open the simulator made.
	hw := hardware.NewService(hardware.Deps{Store: hardwaresql.New(db), Controller: sim,
		PerClient: ratelimit.NewLockout(hardware.ClientFailures, hardware.FailureWindow, hardware.LockoutFor, nil)})
	done := make(chan struct{})
	go func() { defer close(done); _ = hw.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	a := &bookingAPI{t: t, db: db, procs: map[string]rpc.Procedure{}}
	for _, p := range api.Hybrid(api.Deps{Hardware: hw}) {
		a.procs[p.Path] = p
	}
	return a
}

// rentNow books locker 1 of the first demo station for the user of ctx, from
// an hour ago for two more, and returns the order and order locker ids.
func rentNow(t *testing.T, db *store.DB, ctx context.Context) (string, string) {
	t.Helper()
	p, _ := identity.From(ctx)
	now := time.Now().UTC()
	order, ol := uuid.NewString(), uuid.NewString()
	if _, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type, temperature,
			starts_at, ends_at, reserved_until, created_at, updated_at)
		VALUES ($1, $2, $3, 'booked', 'small', 'standard', 'cool', $4, $5, $4, $4, $4)`,
		order, p.UserID, demo.Stations[0].ID, now.Add(-time.Hour), now.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO order_lockers (id, order_id, locker_id, delivery_code, picking_code,
			starts_at, ends_at) VALUES ($1, $2, $3, '314159', '271828', $4, $5)`,
		ol, order, demo.LockerID(1, 1), now.Add(-time.Hour), now.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	return order, ol
}

func TestDoorProceduresOnlyServeTheOwner(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := doorAPI(t, db)
		owner, stranger := a.user(), a.user()
		order, ol := rentNow(t, db, owner)
		ref := fmt.Sprintf(`{"orderUuid":%q,"orderLockerUuid":%q}`, order, ol)

		var intent api.DoorIntentView
		a.must(owner, "locker.openIntent", ref, &intent)
		var opened api.DoorOpenView
		a.must(owner, "locker.open", withIntent(ref, intent.Intent), &opened)
		if opened.Label != "A01" || opened.ClosesAt == "" {
			t.Errorf("locker.open: %+v", opened)
		}
		var codes api.CodesView
		a.must(owner, "code.list", ref, &codes)
		if len(codes.Codes) != 2 || codes.Label != "A01" {
			t.Fatalf("code.list: %+v", codes)
		}
		code := fmt.Sprintf(`{"orderUuid":%q,"orderLockerUuid":%q,"codeUuid":%q}`, order, ol, codes.Codes[0].UUID)
		for path, input := range map[string]string{
			"locker.open": withIntent(ref, intent.Intent), "locker.openIntent": ref, "locker.replace": ref, "code.list": ref, "code.regenerate": code, "code.remove": code,
			"code.add": fmt.Sprintf(`{"orderUuid":%q,"orderLockerUuid":%q,"kind":"picking"}`, order, ol), "guest.create": ref, "locker.temperatures": ref,
		} {
			a.wantCode(stranger, path, input, apperr.LockerNotFound)
		}
		a.wantCode(owner, "code.add", fmt.Sprintf(`{"orderUuid":%q,"orderLockerUuid":%q,"kind":"spare"}`, order, ol), apperr.BadInput)
		a.wantCode(owner, "locker.open", `{"orderUuid":"`+order+`"}`, apperr.MissingParams)

		// The kiosk is public; a wrong code is an answer, not an error.
		kiosk := account.WithRequest(context.Background(), account.Request{ClientIP: "192.0.2.1"})
		var k api.KioskView
		a.must(kiosk, "kiosk.enter", fmt.Sprintf(`{"stationUuid":%q,"code":"000001"}`, demo.Stations[0].ID), &k)
		if k.Opened || k.AttemptsLeft != hardware.ClientFailures-1 || k.Label != nil {
			t.Errorf("a wrong code: %+v", k)
		}
		a.must(kiosk, "kiosk.enter", fmt.Sprintf(`{"stationUuid":%q,"code":"314159"}`, demo.Stations[0].ID), &k)
		if !k.Opened || k.Label == nil || *k.Label != "A01" {
			t.Errorf("the delivery code: %+v", k)
		}
		a.wantCode(kiosk, "kiosk.enter", `{"stationUuid":"nope","code":"314159"}`, apperr.StationNotFound)
	})
}
