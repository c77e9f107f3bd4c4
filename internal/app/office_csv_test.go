package app

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account"
	"lockers/internal/demo"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestOfficeCSV: a manager exports orders (all pages, streamed, the screen's
// filter applied), payments and the audit as CSV; no token is 401, a plain
// user's 403, a bad date 400.
func TestOfficeCSV(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		office, exec := officeOn(t, db)
		user := uuid.NewString()
		now := time.Now().UTC().Truncate(time.Second)
		exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, 'csv@example.com', $2, $2)`, user, now)
		const orders = csvPage + 5 // more than one page
		for i := range orders {
			at := now.Add(-time.Duration(i) * time.Minute)
			status := "booked"
			if i%2 == 1 {
				status = "cancelled"
			}
			exec(`INSERT INTO orders (id, user_id, station_id, status, height, type, temperature, starts_at, ends_at,
				reserved_until, created_at, updated_at) VALUES ($1, $2, $3, $4, 'small', 'standard', 'cool', $5, $6, $5, $5, $5)`,
				uuid.NewString(), user, demo.Stations[0].ID, status, at, at.Add(time.Hour))
		}
		exec(`INSERT INTO audit_log (id, action, target_type, target_id, before_json, after_json, note, created_at)
			VALUES ($1, 'cli.grantRole', 'user', $2, '{"roles":[]}', '{"roles":["ADMIN"]}', 'lockerd grant-role, with "quotes"', $3)`,
			uuid.NewString(), user, now)
		auth := func(_ context.Context, token string) (identity.Principal, error) {
			switch token {
			case "manager":
				return identity.Principal{UserID: "m", SessionID: "s", Roles: []string{identity.RoleManager}}, nil
			case "user":
				return identity.Principal{UserID: "u", SessionID: "s"}, nil
			}
			return identity.Principal{}, account.ErrUnauthenticated
		}
		hs := officeCSVs(office, auth, slog.New(slog.NewTextHandler(io.Discard, nil)))
		get := func(kind, token, query string) *httptest.ResponseRecorder {
			r := httptest.NewRequest(http.MethodGet, "/c-core/admin/"+kind+".csv?"+query, nil)
			if token != "" {
				r.Header.Set("Authorization", "Bearer "+token)
			}
			w := httptest.NewRecorder()
			hs[kind].ServeHTTP(w, r)
			return w
		}
		records := func(w *httptest.ResponseRecorder) [][]string {
			t.Helper()
			rs, err := csv.NewReader(strings.NewReader(w.Body.String())).ReadAll()
			if err != nil {
				t.Fatalf("not CSV: %v\n%s", err, w.Body.String())
			}
			return rs
		}
		w := get("orders", "manager", "")
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "text/csv; charset=utf-8" ||
			!strings.Contains(w.Header().Get("Content-Disposition"), `filename="orders.csv"`) {
			t.Fatalf("orders: %d %q", w.Code, w.Header())
		}
		if rs := records(w); len(rs) != orders+1 || rs[0][0] != "order_uuid" || rs[1][4] != user {
			t.Fatalf("orders: %d rows (want a header and %d), first %v", len(rs), orders, rs[min(1, len(rs)-1)])
		}
		if rs := records(get("orders", "manager", "status=booked")); len(rs) != (orders+1)/2+1 {
			t.Fatalf("booked orders: %d rows, want %d", len(rs)-1, (orders+1)/2)
		}
		rs := records(get("audit", "manager", "action=cli.grantRole"))
		if len(rs) != 2 || rs[1][3] != "cli.grantRole" || rs[1][8] != `lockerd grant-role, with "quotes"` {
			t.Fatalf("audit: %v", rs)
		}
		if rs := records(get("payments", "manager", "")); len(rs) != 1 || rs[0][0] != "at" {
			t.Fatalf("payments (none yet): %v", rs)
		}
		for _, c := range []struct {
			kind, token, query string
			status             int
		}{
			{"orders", "", "", http.StatusUnauthorized},
			{"audit", "user", "", http.StatusForbidden},
			{"payments", "manager", "from=yesterday", http.StatusBadRequest},
			{"orders", "manager", "status=nonsense", http.StatusBadRequest},
		} {
			if w := get(c.kind, c.token, c.query); w.Code != c.status {
				t.Errorf("%s as %q with %q: %d, want %d: %s", c.kind, c.token, c.query, w.Code, c.status, fmt.Sprint(w.Body.String()))
			}
		}
	})
}
