package backoffice_test

import (
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/demo"
)

// TestOrdersFilterAndPages: each filter narrows the list in SQL and paging by
// key walks a filtered list without repeats.
func TestOrdersFilterAndPages(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		jaan := o.user("jaan@example.com", "Jaan", "Kask", t0)
		for i := 0; i < 6; i++ {
			o.order(mari, 1, "booked", t0.Add(time.Duration(i)*time.Hour))
		}
		o.order(jaan, 2, "cancelled", t0.Add(2*time.Hour))
		o.order(jaan, 1, "booked", t0.Add(30*time.Hour))

		cases := []struct {
			name string
			f    backoffice.OrderFilter
			want int
		}{
			{"all", backoffice.OrderFilter{}, 8},
			{"status", backoffice.OrderFilter{Status: "cancelled"}, 1},
			{"station", backoffice.OrderFilter{StationID: demo.Stations[0].ID}, 7},
			{"user", backoffice.OrderFilter{UserID: jaan}, 2},
			{"range", backoffice.OrderFilter{From: t0.Add(time.Hour), To: t0.Add(3 * time.Hour)}, 3},
			{"status and station", backoffice.OrderFilter{Status: "booked", StationID: demo.Stations[1].ID}, 0},
		}
		for _, c := range cases {
			n, cursor := 0, ""
			seen := map[string]bool{}
			for {
				c.f.Cursor, c.f.Limit = cursor, 2
				p, err := o.svc.Orders(o.ctx(), c.f)
				must(t, err)
				for _, r := range p.Orders {
					if seen[r.ID] {
						t.Fatalf("%s: order on two pages", c.name)
					}
					seen[r.ID] = true
					if r.UserEmail == "" || r.StationName == "" {
						t.Fatalf("%s: row without user or station: %+v", c.name, r)
					}
				}
				n += len(p.Orders)
				if p.Next == "" {
					break
				}
				cursor = p.Next
			}
			if n != c.want {
				t.Errorf("%s: %d orders, want %d", c.name, n, c.want)
			}
		}
		_, err := o.svc.Orders(o.ctx(), backoffice.OrderFilter{Status: "lost"})
		wantCode(t, err, apperr.BadInput)
		_, err = o.svc.Orders(o.ctx(), backoffice.OrderFilter{UserID: "x"})
		wantCode(t, err, apperr.BadInput)
	})
}

// TestRefundRules: the note is required (MISSING_NOTE), an order with nothing
// paid cannot be refunded (CANT_REFUND), another id is ORDER_NOT_FOUND, and a
// refused refund leaves no audit row.
func TestRefundRules(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		id := o.order(mari, 1, "booked", t0)
		_, err := o.svc.Refund(o.ctx(), id, "", 0, "")
		wantCode(t, err, apperr.MissingNote)
		_, err = o.svc.Refund(o.ctx(), id, "door broke", 0, "")
		wantCode(t, err, apperr.CantRefund)
		_, err = o.svc.Refund(o.ctx(), "00000000-0000-4000-8000-000000000000", "door broke", 0, "")
		wantCode(t, err, apperr.OrderNotFound)
		if n := o.count(`SELECT count(*) FROM audit_log`); n != 0 {
			t.Fatalf("%d audit rows after refused refunds", n)
		}
	})
}

// TestLiveAndFreeHold: the live list shows holds and running rentals with the
// time they have left; freeing a hold frees its locker and is audited; a
// rental or a freed hold cannot be freed (NOT_RESERVED).
func TestLiveAndFreeHold(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		now := t0.Add(24 * time.Hour) // the office's clock
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		hold := o.order(mari, 1, "reserved", now.Add(-5*time.Minute)) // held until now+10 min
		o.lockerFor(hold, 1, 1, now.Add(55*time.Minute))
		rental := o.order(mari, 2, "active", now.Add(-2*time.Hour)) // ends now+1 h
		o.order(mari, 1, "finalized", now.Add(-48*time.Hour))

		p, err := o.svc.Live(o.ctx(), backoffice.LiveFilter{})
		must(t, err)
		if len(p.Rows) != 2 {
			t.Fatalf("live rows: %+v", p.Rows)
		}
		left := map[string]int64{}
		kind := map[string]string{}
		for _, r := range p.Rows {
			left[r.ID], kind[r.ID] = r.LeftSecs, r.Kind
		}
		if kind[hold] != "hold" || left[hold] != 600 || kind[rental] != "rental" || left[rental] != 3600 {
			t.Fatalf("kinds %v, time left %v", kind, left)
		}
		p, err = o.svc.Live(o.ctx(), backoffice.LiveFilter{Kind: "hold", StationID: demo.Stations[0].ID})
		must(t, err)
		if len(p.Rows) != 1 || p.Rows[0].ID != hold {
			t.Fatalf("holds at station 1: %+v", p.Rows)
		}

		_, err = o.svc.FreeHold(o.ctx(), rental, "stuck")
		wantCode(t, err, apperr.NotReserved)
		got, err := o.svc.FreeHold(o.ctx(), hold, "customer left")
		must(t, err)
		if got.Status != "unfinished" {
			t.Fatalf("status after free: %s", got.Status)
		}
		if n := o.count(`SELECT count(*) FROM order_lockers WHERE order_id = $1 AND live`, hold); n != 0 {
			t.Fatal("the locker is still held")
		}
		_, err = o.svc.FreeHold(o.ctx(), hold, "again")
		wantCode(t, err, apperr.NotReserved)
		a, err := o.svc.Audit(o.ctx(), backoffice.AuditFilter{Action: "admin.reserved.free"})
		must(t, err)
		if len(a.Entries) != 1 || string(a.Entries[0].Before) != `{"status":"reserved"}` ||
			string(a.Entries[0].After) != `{"status":"unfinished"}` || a.Entries[0].Note != "customer left" {
			t.Fatalf("audit: %+v", a.Entries)
		}
	})
}

// TestDeleteOrder: a note is required; an order without money goes to deleted
// with its lockers freed and an audit row; a running rental cannot be deleted.
func TestDeleteOrder(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		id := o.order(mari, 1, "booked", t0)
		o.lockerFor(id, 1, 1, t0.Add(time.Hour))
		running := o.order(mari, 1, "active", t0)
		_, err := o.svc.DeleteOrder(o.ctx(), id, "")
		wantCode(t, err, apperr.MissingNote)
		got, err := o.svc.DeleteOrder(o.ctx(), id, "test booking")
		must(t, err)
		if got.Status != "deleted" || o.count(`SELECT count(*) FROM order_lockers WHERE order_id = $1 AND live`, id) != 0 {
			t.Fatalf("after delete: %+v", got)
		}
		// Deleted twice (a double-click): the first's result, no second audit row.
		again, err := o.svc.DeleteOrder(o.ctx(), id, "test booking")
		if err != nil || again.Status != "deleted" {
			t.Fatalf("delete again: %+v, %v", again, err)
		}
		_, err = o.svc.DeleteOrder(o.ctx(), running, "test")
		wantCode(t, err, apperr.CantChange)
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.orders.delete'`); n != 1 {
			t.Fatalf("%d delete audit rows, want 1", n)
		}
	})
}
