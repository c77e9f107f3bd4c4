package api_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestReconciliationProcedure: a manager asks for a day as the page's date
// field gives it (or an RFC 3339 time); no day or a bad one is BAD_INPUT. (The
// role is rpc.Manager, which the admin API's own tests check for every procedure.)
func TestReconciliationProcedure(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		me := a.user()
		payOrder(t, a, me) // one payment today
		office := a.office(backoffice.Deps{})
		for _, p := range api.Admin(api.Deps{Backoffice: office}) {
			a.procs["admin/"+p.Path] = p
		}
		mp, _ := identity.From(a.user())
		manager := identity.With(context.Background(), identity.Principal{UserID: mp.UserID, SessionID: "s",
			Roles: []string{identity.RoleManager}})
		day := apiNow.UTC().Format(time.DateOnly)
		var r api.AdminReconciliation
		a.must(manager, "admin/reconciliation.get", `{"day":"`+day+`"}`, &r)
		if r.Day != day || r.PaidCents <= 0 || r.ProviderChecked {
			t.Fatalf("reconciliation of %s: %+v", day, r)
		}
		var again api.AdminReconciliation
		a.must(manager, "admin/reconciliation.get", `{"day":"`+apiNow.UTC().Format(time.RFC3339)+`"}`, &again)
		if again.Day != day || again.PaidCents != r.PaidCents {
			t.Fatalf("by an RFC 3339 time: %+v", again)
		}
		for _, in := range []string{`{}`, `{"day":"yesterday"}`, `{"day":"0001-01-01"}`} {
			if err := a.call(manager, "admin/reconciliation.get", in, nil); apperr.CodeOf(err) != apperr.BadInput {
				t.Errorf("%s: %v, want BAD_INPUT", in, err)
			}
		}
	})
}
