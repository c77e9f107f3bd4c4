package app

import (
	"context"
	"strings"
	"testing"

	"lockers/internal/account"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// An operator (MANAGER or ADMIN) prints any customer's invoice from the order
// and user pages with their own bearer token; a plain user still gets only
// their own (issue 30).
func TestOperatorsPrintAnyInvoice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newPDFEnv(t, db)
		_, inv := e.issue(db, "et", "pay_1")
		stranger, _ := e.issue(db, "en", "pay_2")
		e.handler.authenticate = func(_ context.Context, bearer string) (identity.Principal, error) {
			switch {
			case bearer == "manager":
				return identity.Principal{UserID: "m", SessionID: "s", Roles: []string{identity.RoleManager}}, nil
			case bearer == "admin":
				return identity.Principal{UserID: "a", SessionID: "s", Roles: []string{identity.RoleAdmin}}, nil
			case strings.HasPrefix(bearer, "token-"):
				return identity.Principal{UserID: strings.TrimPrefix(bearer, "token-"), SessionID: "s"}, nil
			}
			return identity.Principal{}, account.ErrUnauthenticated
		}
		path := "/invoices/" + inv.ID + ".pdf"
		for _, who := range []string{"manager", "admin"} {
			rec := e.do("GET", path+"?lang=en", "Authorization", "Bearer "+who)
			if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" ||
				!strings.Contains(rec.Header().Get("Content-Disposition"), "invoice-2026-000001.pdf") {
				t.Fatalf("%s: %d %q", who, rec.Code, rec.Header())
			}
		}
		if rec := e.do("GET", path, "Authorization", "Bearer token-"+stranger); rec.Code != 404 {
			t.Fatalf("another customer: %d, want 404", rec.Code)
		}
	})
}
