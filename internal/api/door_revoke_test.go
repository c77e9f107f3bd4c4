package api_test

import (
	"fmt"
	"testing"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// "No, keep it closed" revokes the intent on the server: an open that
// arrives after it opens nothing and sends no command. A revoke after the
// open answers revoked false (the door was opened), another user's revoke
// does nothing, and the operator's dialog follows the same rule.
func TestAnOpenAfterNoDoesNotOpen(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newIntentAPI(t, db)
		owner, stranger := a.user(), a.user()
		order, ol := rentNow(t, db, owner)
		ref := fmt.Sprintf(`{"orderUuid":%q,"orderLockerUuid":%q}`, order, ol)

		var said api.DoorIntentView
		a.must(owner, "locker.openIntent", ref, &said)
		var rv api.IntentRevokeView
		a.wantCode(stranger, "locker.revokeIntent", withIntent(ref, said.Intent), apperr.LockerNotFound)
		a.must(owner, "locker.revokeIntent", withIntent(ref, said.Intent), &rv)
		if !rv.Revoked {
			t.Fatal("the owner's No did not revoke the intent")
		}
		a.refused(owner, "locker.open", withIntent(ref, said.Intent), 0)
		if n := count(t, db, `SELECT count(*) FROM door_commands`); n != 0 {
			t.Fatalf("%d door commands after No", n)
		}
		a.must(owner, "locker.revokeIntent", withIntent(ref, said.Intent), &rv)
		if rv.Revoked {
			t.Fatal("a second revoke found the intent again")
		}

		// The open got there first: the revoke says so, the door opened.
		var yes api.DoorIntentView
		a.must(owner, "locker.openIntent", ref, &yes)
		var opened api.DoorOpenView
		a.must(owner, "locker.open", withIntent(ref, yes.Intent), &opened)
		a.must(owner, "locker.revokeIntent", withIntent(ref, yes.Intent), &rv)
		if rv.Revoked || a.doors.sent.Load() != 1 {
			t.Fatalf("revoke after the open: %+v, %d commands", rv, a.doors.sent.Load())
		}

		// The back office's dialog: cancelled, its open is refused.
		manager := a.operator()
		door := fmt.Sprintf(`{"stationUuid":%q,"compartmentUuid":%q}`, demo.Stations[0].ID, demo.LockerID(1, 2))
		var op api.DoorIntentView
		a.must(manager, "admin/stations.openDoorIntent", door, &op)
		a.must(manager, "admin/stations.revokeDoorIntent", withIntent(door, op.Intent), &rv)
		if !rv.Revoked {
			t.Fatal("the operator's cancel did not revoke the intent")
		}
		a.refused(manager, "admin/stations.openDoor",
			withIntent(fmt.Sprintf(`{"stationUuid":%q,"compartmentUuid":%q,"reason":"keys"}`, demo.Stations[0].ID, demo.LockerID(1, 2)), op.Intent), 1)
	})
}
