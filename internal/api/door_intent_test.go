package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/adapters/stationsim"
	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/demo"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/identity"
	"lockers/internal/rpc"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// withIntent adds "intent" to a JSON object input.
func withIntent(input, intent string) string {
	return strings.TrimSuffix(input, "}") + fmt.Sprintf(`,"intent":%q}`, intent)
}

// countingDoors passes open commands to the simulator and counts them.
type countingDoors struct {
	hardware.Controller
	sent atomic.Int32
}

func (c *countingDoors) Open(ctx context.Context, cmd hardware.OpenCommand) error {
	c.sent.Add(1)
	return c.Controller.Open(ctx, cmd)
}

// intentAPI serves the door procedures of both endpoints (the back office on
// the same hardware service) with a clock the test moves on.
type intentAPI struct {
	*bookingAPI
	doors *countingDoors
	skew  atomic.Int64
}

func newIntentAPI(t *testing.T, db *store.DB) *intentAPI {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	a := &intentAPI{bookingAPI: &bookingAPI{t: t, db: db, procs: map[string]rpc.Procedure{}},
		doors: &countingDoors{Controller: stationsim.New(stationsim.Options{CloseAfter: 50 * time.Millisecond})}}
	now := func() time.Time { return time.Now().Add(time.Duration(a.skew.Load())) }
	hw := hardware.NewService(hardware.Deps{Store: hardwaresql.New(db), Controller: a.doors, Now: now,
		OpenTimeout: 2 * time.Second})
	done := make(chan struct{})
	go func() { defer close(done); _ = hw.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	office, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, now), Doors: hw,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range api.Hybrid(api.Deps{Hardware: hw}) {
		a.procs[p.Path] = p
	}
	for _, p := range api.Admin(api.Deps{Hardware: hw, Backoffice: office}) {
		a.procs["admin/"+p.Path] = p
	}
	return a
}

// refused wants CANT_OPEN on the field intent, and no command sent.
func (a *intentAPI) refused(ctx context.Context, path, input string, sentBefore int32) {
	a.t.Helper()
	err := a.call(ctx, path, input, nil)
	if ae, ok := apperr.As(err); !ok || ae.Code != apperr.CantOpen || ae.Field != "intent" {
		a.t.Fatalf("%s %s: %v, want CANT_OPEN on intent", path, input, err)
	}
	if n := a.doors.sent.Load(); n != sentBefore {
		a.t.Fatalf("%s: %d commands sent for a refused intent", path, n-sentBefore)
	}
}

// TestLockerOpenNeedsAFreshIntent is issue 26's rule on the wire: the open
// carries an intent from locker.openIntent and is obeyed once, by its user,
// for its order locker, within DOOR_INTENT_TTL of the intent.
func TestLockerOpenNeedsAFreshIntent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newIntentAPI(t, db)
		owner, stranger := a.user(), a.user()
		order, ol := rentNow(t, db, owner)
		ref := fmt.Sprintf(`{"orderUuid":%q,"orderLockerUuid":%q}`, order, ol)

		a.wantCode(owner, "locker.open", ref, apperr.MissingParams)
		a.wantCode(owner, "locker.open", withIntent(ref, ""), apperr.MissingParams)
		var late api.DoorIntentView
		a.must(owner, "locker.openIntent", ref, &late)
		exp, err := time.Parse(time.RFC3339, late.ExpiresAt)
		if err != nil || time.Until(exp) < 15*time.Second || time.Until(exp) > 21*time.Second {
			t.Fatalf("expiresAt %q: want about 20 s from now", late.ExpiresAt)
		}
		a.skew.Store(int64(hardware.DefaultIntentTTL + time.Second))
		a.refused(owner, "locker.open", withIntent(ref, late.Intent), 0)
		if n := count(t, db, `SELECT count(*) FROM door_commands`); n != 0 {
			t.Fatalf("%d door commands recorded for a late open", n)
		}
		a.skew.Store(0)

		var fresh api.DoorIntentView
		a.must(owner, "locker.openIntent", ref, &fresh)
		var opened api.DoorOpenView
		a.must(owner, "locker.open", withIntent(ref, fresh.Intent), &opened)
		if opened.Label != "A01" {
			t.Fatalf("opened %+v", opened)
		}
		a.refused(owner, "locker.open", withIntent(ref, fresh.Intent), 1)

		// A stranger gets no intent for the owner's locker, and the owner's
		// intent does not open it for them: LOCKER_NOT_FOUND, as before.
		a.wantCode(stranger, "locker.openIntent", ref, apperr.LockerNotFound)
		var mine api.DoorIntentView
		a.must(owner, "locker.openIntent", ref, &mine)
		a.wantCode(stranger, "locker.open", withIntent(ref, mine.Intent), apperr.LockerNotFound)
		// The stranger's own intent (for their own rental) on the owner's door,
		// and the owner's intent of another order locker, are refused.
		sOrder, sOL := rentLocker(t, db, stranger, 2)
		var theirs api.DoorIntentView
		a.must(stranger, "locker.openIntent", fmt.Sprintf(`{"orderUuid":%q,"orderLockerUuid":%q}`, sOrder, sOL), &theirs)
		a.refused(owner, "locker.open", withIntent(ref, theirs.Intent), 1)
		oOrder, oOL := rentLocker(t, db, owner, 3)
		var other api.DoorIntentView
		a.must(owner, "locker.openIntent", fmt.Sprintf(`{"orderUuid":%q,"orderLockerUuid":%q}`, oOrder, oOL), &other)
		a.refused(owner, "locker.open", withIntent(ref, other.Intent), 1)
		a.refused(owner, "locker.open", withIntent(ref, strings.Repeat("A", 43)), 1)
		// The intent that was not spent still opens its own door.
		a.must(owner, "locker.open", withIntent(ref, mine.Intent), &opened)
	})
}

func TestStationsOpenDoorNeedsAFreshIntent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newIntentAPI(t, db)
		manager, other := a.operator(), a.operator()
		door := fmt.Sprintf(`{"stationUuid":%q,"compartmentUuid":%q}`, demo.Stations[0].ID, demo.LockerID(1, 1))
		open := func(intent string) string {
			return withIntent(strings.TrimSuffix(door, "}")+`,"reason":"customer left keys"}`, intent)
		}
		a.wantCode(manager, "admin/stations.openDoor", strings.TrimSuffix(door, "}")+`,"reason":"keys"}`, apperr.MissingParams)
		a.wantCode(manager, "admin/stations.openDoorIntent",
			fmt.Sprintf(`{"stationUuid":%q,"compartmentUuid":%q}`, demo.Stations[1].ID, demo.LockerID(1, 1)), apperr.LockerNotFound)

		var late api.DoorIntentView
		a.must(manager, "admin/stations.openDoorIntent", door, &late)
		a.skew.Store(int64(hardware.DefaultIntentTTL + time.Second))
		a.refused(manager, "admin/stations.openDoor", open(late.Intent), 0)
		a.skew.Store(0)
		var theirs api.DoorIntentView
		a.must(other, "admin/stations.openDoorIntent", door, &theirs)
		a.refused(manager, "admin/stations.openDoor", open(theirs.Intent), 0)
		var elsewhere api.DoorIntentView
		a.must(manager, "admin/stations.openDoorIntent",
			fmt.Sprintf(`{"stationUuid":%q,"compartmentUuid":%q}`, demo.Stations[0].ID, demo.LockerID(1, 2)), &elsewhere)
		a.refused(manager, "admin/stations.openDoor", open(elsewhere.Intent), 0)
		if n := count(t, db, `SELECT count(*) FROM audit_log WHERE action = 'admin.stations.openDoor'`); n != 0 {
			t.Fatalf("%d audit rows for refused opens", n)
		}

		var fresh api.DoorIntentView
		a.must(manager, "admin/stations.openDoorIntent", door, &fresh)
		var opened api.AdminDoorOpened
		a.must(manager, "admin/stations.openDoor", open(fresh.Intent), &opened)
		if opened.Label != "A01" {
			t.Fatalf("opened %+v", opened)
		}
		a.refused(manager, "admin/stations.openDoor", open(fresh.Intent), 1)
		if n := count(t, db, `SELECT count(*) FROM audit_log WHERE action = 'admin.stations.openDoor'`); n != 1 {
			t.Fatalf("%d audit rows, want the one open's", n)
		}
	})
}

// operator is a signed-in MANAGER.
func (a *intentAPI) operator() context.Context {
	p, _ := identity.From(a.user())
	return identity.With(context.Background(), identity.Principal{UserID: p.UserID, SessionID: "s",
		Roles: []string{identity.RoleManager}})
}

// rentLocker books locker n of the first demo station for the user of ctx,
// running now, and returns the order and order locker ids.
func rentLocker(t *testing.T, db *store.DB, ctx context.Context, n int) (string, string) {
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
			starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		ol, order, demo.LockerID(1, n), fmt.Sprintf("1000%02d", n), fmt.Sprintf("2000%02d", n),
		now.Add(-time.Hour), now.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	return order, ol
}

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
