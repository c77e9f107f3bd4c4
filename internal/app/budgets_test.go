package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/config"
	"lockers/internal/ratelimit/redistest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// lockerd is one lockerd process of a test: its services and HTTP handler.
type lockerd struct {
	svc *services
	srv http.Handler
}

// eachLimitStore runs fn with two lockerd processes sharing one database and
// one rate-limit store: the table on SQLite and on PostgreSQL, and Redis.
func eachLimitStore(t *testing.T, fn func(t *testing.T, db *store.DB, a, b lockerd)) {
	run := func(t *testing.T, url, backend, redisURL string) {
		cfg := config.Default()
		cfg.DatabaseURL, cfg.RateLimitStore, cfg.RedisURL = url, backend, redisURL
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		db, err := OpenStore(context.Background(), cfg, log)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		proc := func() lockerd {
			svc, err := newServices(cfg, db, log)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { svc.accounts.Wait(); svc.payments.close(); _ = svc.limits.close() })
			srv, err := NewServer(ServerOptions{Deps: svc.deps, Log: log, Web: webFiles,
				Context: svc.requestContext, Admit: svc.budgets.admit})
			if err != nil {
				t.Fatal(err)
			}
			return lockerd{svc, srv}
		}
		fn(t, db, proc(), proc())
	}
	storetest.EachURL(t, func(t *testing.T, url string) { run(t, url, "database", "") })
	t.Run("redis", func(t *testing.T) { run(t, storetest.SQLiteURL(t), "redis", redistest.URL(t)) })
}

// signedIn adds a user with a live session and returns its bearer token.
func signedIn(t *testing.T, db *store.DB) string {
	t.Helper()
	ctx := context.Background()
	user, device, token := uuid.NewString(), uuid.NewString(), uuid.NewString()
	sum := sha256.Sum256([]byte(token))
	now := time.Now().UTC()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO users (id, email, first_name, verified_at, terms_accepted_at, created_at, updated_at)
			VALUES ($1, $2, 'Test', $3, $3, $3, $3)`, []any{user, user + "@example.com", now}},
		{`INSERT INTO devices (id, user_id, created_at, updated_at) VALUES ($1, $2, $3, $3)`, []any{device, user, now}},
		{`INSERT INTO sessions (id, user_id, device_id, token_hash, created_at, last_seen_at, expires_at)
			VALUES ($1, $2, $3, $4, $5, $5, $6)`, []any{uuid.NewString(), user, device, hex.EncodeToString(sum[:]), now, now.Add(time.Hour)}},
	} {
		if _, err := db.ExecContext(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	return token
}

// batch sends n calls of path with input as one tRPC batch and answers each
// call's appCode ("" for success) and message, or the request's own error.
func (p lockerd) batch(t *testing.T, token, path string, n int, input string) (status int, codes, messages []string) {
	t.Helper()
	paths, inputs := make([]string, n), make([]string, n)
	for i := range n {
		paths[i], inputs[i] = path, fmt.Sprintf("%q:%s", fmt.Sprint(i), input)
	}
	target := "/c-core/trpc/hybrid/" + strings.Join(paths, ",") + "?batch=1"
	method, body := http.MethodPost, "{"+strings.Join(inputs, ",")+"}"
	if input == "" {
		method, body = http.MethodGet, ""
	}
	req := httptest.NewRequest(method, target, bytes.NewReader([]byte(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	rec := httptest.NewRecorder()
	p.srv.ServeHTTP(rec, req)
	type envelope struct {
		Error *struct {
			Message string
			Data    struct{ AppCode string }
		}
	}
	var items []envelope
	if err := json.Unmarshal(rec.Body.Bytes(), &items); err != nil {
		var one envelope // a request-level error: one object for the whole batch
		if err := json.Unmarshal(rec.Body.Bytes(), &one); err != nil || one.Error == nil {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		return rec.Code, []string{one.Error.Data.AppCode}, []string{one.Error.Message}
	}
	for _, it := range items {
		if it.Error == nil {
			codes, messages = append(codes, ""), append(messages, "")
		} else {
			codes, messages = append(codes, it.Error.Data.AppCode), append(messages, it.Error.Message)
		}
	}
	return rec.Code, codes, messages
}

// A batch of 32 issue reports from one user spends the budget of 10 call by
// call; the other process sees the budget spent, another user has their own.
func TestBatchOfIssueReportsSpendsTheBudget(t *testing.T) {
	eachLimitStore(t, func(t *testing.T, db *store.DB, a, b lockerd) {
		token := signedIn(t, db)
		report := `{"category":"dirty","text":"The shelf is sticky."}`
		_, codes, messages := a.batch(t, token, "issue.create", 32, report)
		ok, refused := 0, 0
		for i, c := range codes {
			switch {
			case c == "":
				ok++
			case c == "TOO_MANY_REQUESTS" && messages[i] == "at most 10 issue reports an hour":
				refused++
			default:
				t.Fatalf("call %d: %s %s", i, c, messages[i])
			}
		}
		if ok != 10 || refused != 22 {
			t.Fatalf("%d reports filed and %d refused of 32, want 10 and 22", ok, refused)
		}
		var filed int
		if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM locker_issues`).Scan(&filed); err != nil || filed != 10 {
			t.Fatalf("%d reports stored (%v)", filed, err)
		}
		if _, codes, _ := b.batch(t, token, "issue.create", 1, report); codes[0] != "TOO_MANY_REQUESTS" {
			t.Fatalf("the other process filed a report past the budget: %v", codes)
		}
		if _, codes, _ := b.batch(t, signedIn(t, db), "issue.create", 1, report); codes[0] != "" {
			t.Fatalf("another user's report: %v", codes)
		}
	})
}

// The per-token flood limit (a burst of 200) counts each call of a batch:
// six batches of 32 leave 8 calls, so a seventh batch is refused whole. With
// Redis the other process sees the same count.
func TestTokenLimitCountsCallsOfBatches(t *testing.T) {
	eachLimitStore(t, func(t *testing.T, db *store.DB, a, b lockerd) {
		token := signedIn(t, db)
		for i := range 6 {
			if status, codes, _ := a.batch(t, token, "system.health", 32, ""); status != http.StatusOK {
				t.Fatalf("batch %d: %d %v", i+1, status, codes)
			}
		}
		status, codes, _ := a.batch(t, token, "system.health", 32, "")
		if status != http.StatusTooManyRequests || codes[0] != "RATE_LIMIT_EXCEEDED" {
			t.Fatalf("a seventh batch of 32: %d %v", status, codes)
		}
		status, codes, _ = b.batch(t, token, "system.health", 32, "")
		if shared := a.svc.limits.backend == "redis"; shared != (status == http.StatusTooManyRequests) {
			t.Fatalf("the other process (%s): %d %v", a.svc.limits.backend, status, codes)
		}
	})
}

// docs/security.md states every budget with its numbers.
func TestSecurityDocStatesTheBudgets(t *testing.T) {
	doc, err := os.ReadFile("../../docs/security.md")
	if err != nil {
		t.Fatal(err)
	}
	for path, w := range writeBudgets {
		name := "`" + path + "`"
		if path == photoUpload {
			name = "`POST /c-core/issues/photos`"
		}
		want := fmt.Sprintf("| %s | %d an hour |", name, w.Max)
		if w.Per != time.Hour || !strings.Contains(string(doc), want) {
			t.Errorf("docs/security.md has no row %q", want)
		}
	}
}
