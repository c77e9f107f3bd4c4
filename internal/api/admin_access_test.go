package api_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lockers/internal/api"
	"lockers/internal/identity"
	"lockers/internal/rpc"
)

// TestAdminProcedureAccess walks the admin procedure table itself, so a
// procedure added to it is covered without touching this test: every one
// refuses an anonymous caller (401 UNAUTHORIZED) and a signed-in user without a
// role (403 FORBIDDEN, appCode UNAUTHORIZED); the ADMIN-only ones refuse a
// MANAGER the same way. The refusal comes before the procedure runs, so the
// table is built from zero Deps: a call that got through would fail loudly.
func TestAdminProcedureAccess(t *testing.T) {
	t.Parallel()
	procs := api.Admin(api.Deps{})
	h, err := rpc.NewHandler(procs, rpc.Options{
		Prefix: "/c-core/trpc/admin",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Context: func(ctx context.Context, r *http.Request) (context.Context, error) {
			switch r.Header.Get("X-Test-Caller") {
			case "user":
				return identity.With(ctx, identity.Principal{UserID: "u-1", SessionID: "s-1", Roles: []string{}}), nil
			case "manager":
				return identity.With(ctx, identity.Principal{UserID: "u-2", SessionID: "s-2",
					Roles: []string{identity.RoleManager}}), nil
			}
			return ctx, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	adminOnly := 0
	for _, p := range procs {
		t.Run(p.Path, func(t *testing.T) {
			if p.Access != rpc.Admin && p.Access != rpc.Manager {
				t.Fatalf("access %d: every admin procedure needs rpc.Manager or rpc.Admin", p.Access)
			}
			expectRefused(t, h, p, "", http.StatusUnauthorized, "UNAUTHORIZED")
			expectRefused(t, h, p, "user", http.StatusForbidden, "FORBIDDEN")
			if p.Access == rpc.Admin {
				expectRefused(t, h, p, "manager", http.StatusForbidden, "FORBIDDEN")
			}
		})
		if p.Access == rpc.Admin {
			adminOnly++
		}
	}
	if adminOnly == 0 {
		t.Error("no ADMIN-only procedure in the table: the role split of docs/decisions/060-back-office-access-and-audit.md is gone")
	}
}

// TestAdminRoleSplit pins the split of
// docs/decisions/060-back-office-access-and-audit.md: a MANAGER cannot change
// roles, block or delete users, or change coupon packs.
func TestAdminRoleSplit(t *testing.T) {
	t.Parallel()
	for _, p := range api.Admin(api.Deps{}) {
		area, _, _ := strings.Cut(p.Path, ".")
		adminArea := area == "users" || area == "coupons"
		if p.Kind == rpc.KindMutation && adminArea && p.Access != rpc.Admin {
			t.Errorf("%s: a %s write must be ADMIN-only", p.Path, area)
		}
	}
}

// expectRefused calls p as caller and checks the refusal's HTTP status, tRPC
// code and appCode (always UNAUTHORIZED, as the catalogue has it).
func expectRefused(t *testing.T, h http.Handler, p rpc.Procedure, caller string, status int, trpcCode string) {
	t.Helper()
	url := "/c-core/trpc/admin/" + p.Path
	var r *http.Request
	if p.Kind == rpc.KindMutation {
		r = httptest.NewRequest(http.MethodPost, url, strings.NewReader(`{}`))
		r.Header.Set("Content-Type", "application/json")
	} else {
		r = httptest.NewRequest(http.MethodGet, url, nil)
	}
	if caller != "" {
		r.Header.Set("X-Test-Caller", caller)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var body struct {
		Error struct {
			Data struct {
				Code    string `json:"code"`
				AppCode string `json:"appCode"`
			} `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatalf("%s caller: answer %q: %v", name(caller), w.Body.String(), err)
	}
	if w.Code != status || body.Error.Data.Code != trpcCode || body.Error.Data.AppCode != "UNAUTHORIZED" {
		t.Errorf("%s caller: got %d %s/%s, want %d %s/UNAUTHORIZED (%s)", name(caller), w.Code,
			body.Error.Data.Code, body.Error.Data.AppCode, status, trpcCode, w.Body.String())
	}
}

func name(caller string) string {
	if caller == "" {
		return "anonymous"
	}
	return caller
}
