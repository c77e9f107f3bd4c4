package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/api"
	"lockers/internal/backoffice"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestAdminExtendCommitsWithItsAuditRow: orders.extend and its audit row are
// one transaction (issue 27). When the audit row cannot be written (here: the
// operator's account is not in the database, so its actor_id breaks the
// foreign key), the extension is rolled back with it: the locker's end stays.
// A real operator's extension moves the end and leaves its row with the old
// end and the asked-for one.
func TestAdminExtendCommitsWithItsAuditRow(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		me := a.user()
		paid := payOrder(t, a, me)
		office := a.office(backoffice.Deps{Extend: a.orders})
		for _, p := range api.Admin(api.Deps{Backoffice: office}) {
			a.procs["admin/"+p.Path] = p
		}
		manager := a.user()
		mp, _ := identity.From(manager)
		manager = identity.With(context.Background(), identity.Principal{UserID: mp.UserID, SessionID: "s",
			Roles: []string{identity.RoleManager}})
		ghost := identity.With(context.Background(), identity.Principal{UserID: uuid.NewString(), SessionID: "s",
			Roles: []string{identity.RoleManager}})

		var od api.AdminOrderDetail
		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &od)
		ol := od.Lockers[0].UUID
		end := func() time.Time {
			t.Helper()
			var at time.Time
			if err := db.QueryRowContext(context.Background(), `SELECT ends_at FROM order_lockers WHERE id = $1`, ol).
				Scan(&at); err != nil {
				t.Fatal(err)
			}
			return at.UTC()
		}
		before := end()
		ext := `{"orderUuid":"` + paid + `","orderLockerUuid":"` + ol + `","end":"2026-06-07","note":"asked by phone"}`

		if err := a.call(ghost, "admin/orders.extend", ext, nil); err == nil {
			t.Fatal("an extension whose audit row cannot be written went through")
		}
		if got := end(); !got.Equal(before) {
			t.Fatalf("the locker's end moved to %v without its audit row (was %v)", got, before)
		}
		var audit api.AdminAuditPage
		a.must(manager, "admin/events.audit", `{"action":"admin.orders.extend"}`, &audit)
		if len(audit.Items) != 0 {
			t.Fatalf("audit rows %+v", audit.Items)
		}

		a.must(manager, "admin/orders.extend", ext, nil)
		if got := end(); !got.After(before) {
			t.Fatalf("end %v, was %v", got, before)
		}
		a.must(manager, "admin/events.audit", `{"action":"admin.orders.extend"}`, &audit)
		// The paid order's extension waits for the owner's payment: the audit
		// says pending, with its price and when it lapses, not a new end.
		if len(audit.Items) != 1 || audit.Items[0].ActorUUID != mp.UserID || audit.Items[0].Note != "asked by phone" ||
			audit.Items[0].After != `{"amountCents":500,"lapsesAt":"2026-06-05T09:15:00Z","orderLockerId":"`+ol+
				`","pending":true,"requestedEnd":"2026-06-07","status":"booked"}` {
			t.Fatalf("audit %+v", audit.Items)
		}
		var detail api.AdminOrderDetail
		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &detail)
		if x := detail.PendingExtension; x == nil || x.AmountCents != 500 || x.LapsesAt != "2026-06-05T09:15:00Z" {
			t.Fatalf("pending extension %+v", x)
		}

		// A goodwill extension is free: it applies at once and nothing waits.
		a.must(manager, "admin/orders.extend", `{"orderUuid":"`+paid+`","orderLockerUuid":"`+ol+
			`","end":"2026-06-08","note":"sorry for the broken door","goodwill":true}`, nil)
		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &detail)
		if detail.PendingExtension != nil || detail.Order.Status != "extended" {
			t.Fatalf("after goodwill: %+v, pending %+v", detail.Order, detail.PendingExtension)
		}
		sum := int64(0)
		for _, l := range detail.Lines {
			if l.Kind != "rental" {
				sum += l.AmountCents
			}
		}
		if sum != 0 {
			t.Fatalf("the goodwill extension costs %d cents", sum)
		}
		a.must(manager, "admin/events.audit", `{"action":"admin.orders.extend"}`, &audit)
		if len(audit.Items) != 2 || !strings.Contains(audit.Items[0].After, `"goodwill":true`) ||
			strings.Contains(audit.Items[0].After, "pending") {
			t.Fatalf("goodwill audit %+v", audit.Items[0])
		}
	})
}
