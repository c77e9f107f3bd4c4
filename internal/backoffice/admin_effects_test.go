package backoffice_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/demo"
	"lockers/internal/issue"
	"lockers/internal/issue/issuesql"
	"lockers/internal/promo"
)

// version is the user's version as the user page shows it.
func (o *office) version(t *testing.T, userID string) string {
	t.Helper()
	d, err := o.svc.User(o.ctx(), userID)
	must(t, err)
	return d.User.Version
}

func wantStale(t *testing.T, err error) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.CantChange || e.Field != "version" {
		t.Fatalf("error %v: want CANT_CHANGE on version", err)
	}
}

// TestAStaleSaveIsRefused: two operators read the same prices, station,
// compartment and user; the first save wins, the second (started from the
// version before it) is refused and changes nothing; a save without a
// version is MISSING_PARAMS.
func TestAStaleSaveIsRefused(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		st := demo.Stations[0].ID
		p, err := o.svc.Prices(o.ctx(), st)
		must(t, err)
		a := []backoffice.PriceRow{{Height: "small", Temperature: "cool", HourlyCents: 300, DailyCents: 1200}}
		b := []backoffice.PriceRow{{Height: "small", Temperature: "cool", HourlyCents: 100, DailyCents: 900}}
		_, err = o.svc.SetPrices(o.ctx(), st, a, "", "A's prices")
		wantCode(t, err, apperr.MissingParams)
		_, err = o.svc.SetPrices(o.ctx(), st, a, p.Version, "")
		wantCode(t, err, apperr.MissingNote)
		after, err := o.svc.SetPrices(o.ctx(), st, a, p.Version, "A's prices")
		must(t, err)
		if after.Version == p.Version {
			t.Fatal("the version did not change with the prices")
		}
		_, err = o.svc.SetPrices(o.ctx(), st, b, p.Version, "B's stale copy")
		wantStale(t, err)
		again, err := o.svc.SetPrices(o.ctx(), st, a, p.Version, "A's prices") // A's double-click
		must(t, err)
		if again.Version != after.Version {
			t.Fatal("the same prices saved again changed the version")
		}
		now, err := o.svc.Prices(o.ctx(), st)
		must(t, err)
		if now.Version != after.Version {
			t.Fatal("the stale save changed the prices")
		}

		row, cs, err := o.svc.Compartments(o.ctx(), st)
		must(t, err)
		f := row.StationFields
		f.Name = "A's name"
		_, err = o.svc.SaveStation(o.ctx(), st, f, row.Version)
		must(t, err)
		f.Name = "B's name"
		_, err = o.svc.SaveStation(o.ctx(), st, f, row.Version)
		wantStale(t, err)

		c := cs[0].CompartmentFields
		c.DepthMM++
		_, err = o.svc.SaveCompartment(o.ctx(), st, cs[0].ID, c, cs[0].Version, "")
		must(t, err)
		c.OutOfService = true
		_, err = o.svc.SaveCompartment(o.ctx(), st, cs[0].ID, c, cs[0].Version, "door broken")
		wantStale(t, err)

		u := o.user("mari@example.com", "Mari", "Tamm", t0)
		v := o.version(t, u)
		_, err = o.svc.SetRole(o.ctx(), u, "MANAGER", true, v)
		must(t, err)
		_, err = o.svc.SetBlocked(o.ctx(), u, true, v, "fraud")
		wantStale(t, err)
		if n := o.count(`SELECT count(*) FROM users WHERE id = $1 AND blocked_at IS NULL`, u); n != 1 {
			t.Fatal("the stale block blocked the user")
		}
	})
}

// TestTwoSavesOfOneVersionAtOnce: two operators save the same version at the
// same moment: exactly one wins (the entity lock), the other is stale.
func TestTwoSavesOfOneVersionAtOnce(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		st := demo.Stations[1].ID
		p, err := o.svc.Prices(o.ctx(), st)
		must(t, err)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rows := []backoffice.PriceRow{{Height: "big", Temperature: "warm", HourlyCents: int64(200 + i), DailyCents: 2000}}
				_, errs[i] = o.svc.SetPrices(o.ctx(), st, rows, p.Version, "at once")
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else {
				wantStale(t, err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d saves won: %v", ok, errs)
		}
	})
}

// TestReasonsAreRequired: blocking, taking a compartment out of service,
// packs and grants need the operator's reason (MISSING_NOTE) and the audit
// entry keeps it; unblocking needs none.
func TestReasonsAreRequired(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		u := o.user("mari@example.com", "Mari", "Tamm", t0)
		_, err := o.svc.SetBlocked(o.ctx(), u, true, o.version(t, u), " ")
		wantCode(t, err, apperr.MissingNote)
		blocked, err := o.svc.SetBlocked(o.ctx(), u, true, o.version(t, u), "chargeback fraud")
		must(t, err)
		_, err = o.svc.SetBlocked(o.ctx(), u, false, blocked.Version, "")
		must(t, err)
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.users.block' AND note = 'chargeback fraud'`); n != 1 {
			t.Fatal("the block's audit entry has no reason")
		}

		st := demo.Stations[0].ID
		_, cs, err := o.svc.Compartments(o.ctx(), st)
		must(t, err)
		c := cs[0].CompartmentFields
		c.OutOfService = !c.OutOfService
		_, err = o.svc.SaveCompartment(o.ctx(), st, cs[0].ID, c, cs[0].Version, "")
		wantCode(t, err, apperr.MissingNote)
		_, err = o.svc.SaveCompartment(o.ctx(), st, cs[0].ID, c, cs[0].Version, "hinge broken")
		must(t, err)
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.stations.updateCompartment' AND note = 'hinge broken'`); n != 1 {
			t.Fatal("the out-of-service audit entry has no reason")
		}

		_, err = o.svc.CreatePack(o.ctx(), promoPack("AUTUMN-1"), "")
		wantCode(t, err, apperr.MissingNote)
		wantCode(t, o.svc.GrantPack(o.ctx(), u, "AUTUMN-1", ""), apperr.MissingNote)
	})
}

// TestInternalNotesStayInTheBackOffice: an internal note is not the
// reporter's answer (nobody is told, their report does not show it); a note
// for the customer is; the same request key twice adds one note.
func TestInternalNotesStayInTheBackOffice(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		reporter := o.user("reporter@example.com", "Rita", "Reporter", t0)
		report := uuid.NewString()
		o.exec(`INSERT INTO locker_issues (id, station_id, user_id, kind, category, body, created_at)
			VALUES ($1, $2, $3, 'user_report', 'dirty', 'Sticky shelf', $4)`, report, demo.Stations[1].ID, reporter, t0)
		key := uuid.NewString()
		for range 2 { // a double-click
			_, err := o.svc.UpdateIssue(o.ctx(), report, backoffice.IssueUpdate{State: issue.InProgress,
				Note: "customer is a regular, be kind", Internal: true, RequestID: key})
			must(t, err)
		}
		d, err := o.svc.UpdateIssue(o.ctx(), report, backoffice.IssueUpdate{Note: "Cleaned it, sorry!",
			RequestID: uuid.NewString()})
		must(t, err)
		if len(d.Notes) != 2 || !d.Notes[0].Internal || d.Notes[1].Internal {
			t.Fatalf("notes %+v", d.Notes)
		}
		reports, err := issuesql.New(o.db).Reports(context.Background(), reporter, report)
		must(t, err)
		if len(reports) != 1 || len(reports[0].Answers) != 1 || reports[0].Answers[0].Text != "Cleaned it, sorry!" {
			t.Fatalf("the reporter sees %+v", reports)
		}
		_, err = o.svc.UpdateIssue(o.ctx(), report, backoffice.IssueUpdate{Note: "x", RequestID: "not-an-id"})
		wantCode(t, err, apperr.BadInput)
	})
}

// TestDeleteGivesTheCouponBackAndKeepsTheNoteInternal: deleting a free order
// returns its coupon's free order, frees its locker and leaves the order's
// cancel note (the customer's "Cancel reason") empty; the audit has the note.
func TestDeleteGivesTheCouponBackAndKeepsTheNoteInternal(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		coupon := uuid.NewString()
		o.exec(`INSERT INTO user_coupons (id, user_id, pack_code, remaining, subject, registered_at)
			VALUES ($1, $2, 'FIRST3', 2, $3, $4)`, coupon, mari, "test:"+coupon, t0)
		id := o.order(mari, 1, "booked", t0)
		o.exec(`UPDATE orders SET user_coupon_id = $2, coupon_used = true WHERE id = $1`, id, coupon)
		o.lockerFor(id, 1, 1, t0.Add(48*time.Hour))
		got, err := o.svc.DeleteOrder(o.ctx(), id, "duplicate booking, customer called")
		must(t, err)
		if got.Status != "deleted" {
			t.Fatalf("status %s", got.Status)
		}
		if n := o.count(`SELECT remaining FROM user_coupons WHERE id = $1`, coupon); n != 3 {
			t.Fatalf("coupon has %d free orders, want 3 (given back)", n)
		}
		if n := o.count(`SELECT count(*) FROM orders WHERE id = $1 AND cancel_note IS NULL AND NOT coupon_used`, id); n != 1 {
			t.Fatal("the operator's note reached the order's cancel note, or the coupon stays used")
		}
		if n := o.count(`SELECT count(*) FROM order_lockers WHERE order_id = $1 AND live`, id); n != 0 {
			t.Fatal("the compartment is still held")
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.orders.delete'
			AND note = 'duplicate booking, customer called'`); n != 1 {
			t.Fatal("the note is not in the audit log")
		}
	})
}

// TestTheUserPageListsRunningRentals: the block dialog's list, the user's
// booked and running rentals, and nothing that is over.
func TestTheUserPageListsRunningRentals(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		booked := o.order(mari, 1, "booked", t0)
		active := o.order(mari, 1, "active", t0.Add(-time.Hour))
		o.order(mari, 1, "cancelled", t0)
		o.order(mari, 1, "finalized", t0.Add(-48*time.Hour))
		d, err := o.svc.User(o.ctx(), mari)
		must(t, err)
		if len(d.Running) != 2 || d.Running[0].ID != active || d.Running[1].ID != booked {
			t.Fatalf("running %+v", d.Running)
		}
	})
}

func promoPack(code string) promo.Pack {
	return promo.Pack{Code: code, NameEN: "1 free", NameET: "1 tasuta", FreeOrders: 1}
}

// TestTheSameBlockTwiceIsNotAConflict: a double-clicked block (the second
// from the version before the first) finds the user blocked and answers them
// as they are, with one audit entry; a stale request for another change is
// still refused.
func TestTheSameBlockTwiceIsNotAConflict(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		u := o.user("mari@example.com", "Mari", "Tamm", t0)
		v := o.version(t, u)
		first, err := o.svc.SetBlocked(o.ctx(), u, true, v, "fraud")
		must(t, err)
		again, err := o.svc.SetBlocked(o.ctx(), u, true, v, "fraud")
		must(t, err)
		if again.Version != first.Version || again.BlockedAt.IsZero() {
			t.Fatalf("the repeat answered %+v", again)
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.users.block'`); n != 1 {
			t.Fatalf("%d block audit entries, want 1", n)
		}
		_, err = o.svc.SetRole(o.ctx(), u, "MANAGER", true, v)
		wantStale(t, err)
	})
}

// TestTheSameSaveTwiceIsNotAConflict: a station or compartment saved twice
// from one version (a double-click) is answered as it is; another change
// from that version is still refused.
func TestTheSameSaveTwiceIsNotAConflict(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		st := demo.Stations[0].ID
		row, cs, err := o.svc.Compartments(o.ctx(), st)
		must(t, err)
		f := row.StationFields
		f.Name = "Viru (north door)"
		first, err := o.svc.SaveStation(o.ctx(), st, f, row.Version)
		must(t, err)
		again, err := o.svc.SaveStation(o.ctx(), st, f, row.Version)
		must(t, err)
		if again.Version != first.Version || again.Name != f.Name {
			t.Fatalf("the repeat answered %+v", again)
		}
		f.City = "Tartu"
		_, err = o.svc.SaveStation(o.ctx(), st, f, row.Version)
		wantStale(t, err)

		c := cs[0].CompartmentFields
		c.DepthMM++
		_, err = o.svc.SaveCompartment(o.ctx(), st, cs[0].ID, c, cs[0].Version, "")
		must(t, err)
		_, err = o.svc.SaveCompartment(o.ctx(), st, cs[0].ID, c, cs[0].Version, "")
		must(t, err)
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.stations.updateCompartment'`); n != 1 {
			t.Fatalf("%d compartment audit entries, want 1", n)
		}
	})
}
