package app

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lockers/internal/account"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestStatisticsCSV: a manager downloads the statistics as CSV; no token is
// 401, a plain user's token 403 (appCode UNAUTHORIZED), a bad range 400.
func TestStatisticsCSV(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		office, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, nil)})
		if err != nil {
			t.Fatal(err)
		}
		h := &statisticsCSV{office: office, log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			authenticate: func(_ context.Context, token string) (identity.Principal, error) {
				switch token {
				case "manager":
					return identity.Principal{UserID: "m", SessionID: "s", Roles: []string{identity.RoleManager}}, nil
				case "user":
					return identity.Principal{UserID: "u", SessionID: "s"}, nil
				}
				return identity.Principal{}, account.ErrUnauthenticated
			}}
		get := func(token, query string) *httptest.ResponseRecorder {
			r := httptest.NewRequest(http.MethodGet, "/c-core/admin/statistics.csv?"+query, nil)
			if token != "" {
				r.Header.Set("Authorization", "Bearer "+token)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			return w
		}
		const q = "from=2026-06-01&to=2026-07-01&period=week"
		w := get("manager", q)
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "text/csv; charset=utf-8" ||
			!strings.HasPrefix(w.Body.String(), "period,station_uuid,bookings,revenue_cents,") {
			t.Fatalf("manager: %d %q %q", w.Code, w.Header().Get("Content-Type"), w.Body.String())
		}
		for _, c := range []struct {
			token, query, body string
			status             int
		}{
			{"", q, "UNAUTHORIZED", http.StatusUnauthorized},
			{"stale", q, "UNAUTHORIZED", http.StatusUnauthorized},
			{"user", q, "UNAUTHORIZED", http.StatusForbidden},
			{"manager", "from=2026-06-01", "BAD_INPUT", http.StatusBadRequest},
			{"manager", "from=2026-06-01&to=2029-06-01", "BAD_INPUT", http.StatusBadRequest},
		} {
			w := get(c.token, c.query)
			if w.Code != c.status || !strings.Contains(w.Body.String(), c.body) {
				t.Errorf("%s %s: %d %s", c.token, c.query, w.Code, w.Body.String())
			}
		}
	})
}
