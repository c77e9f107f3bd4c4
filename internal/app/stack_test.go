package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/api"
	"lockers/internal/config"
	"lockers/internal/demo"
	"lockers/internal/identity"
	"lockers/internal/rpc"
	"lockers/internal/store"
)

// stack is the whole service, as Run wires it, on one database and served in
// process: the tests that walk every procedure (hostile input, object-level
// authorisation) call it over HTTP as a client would.
type stack struct {
	t    testing.TB
	db   *store.DB
	srv  http.Handler
	deps api.Deps
	// procs are both endpoints' procedure tables, by "hybrid/<path>" and "admin/<path>".
	procs map[string]rpc.Procedure
}

// asHeader names the test principal of a request: "<user id>" or "<user id> ADMIN".
// Only the test's Context hook reads it.
const asHeader = "X-Test-As"

func newStack(t testing.TB, databaseURL string) *stack {
	t.Helper()
	cfg := config.Default()
	cfg.DatabaseURL = databaseURL
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	db, err := OpenStore(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	svc, err := newServices(cfg, db, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.accounts.Wait(); svc.payments.close() })
	srv, err := NewServer(ServerOptions{Deps: svc.deps, Log: log, Web: webFiles,
		Context: func(ctx context.Context, r *http.Request) (context.Context, error) {
			ctx, err := svc.requestContext(ctx, r)
			if err != nil {
				return ctx, err
			}
			if as := r.Header.Get(asHeader); as != "" {
				id, roles, _ := strings.Cut(as, " ")
				p := identity.Principal{UserID: id, SessionID: "test"}
				if roles != "" {
					p.Roles = strings.Fields(roles)
				}
				ctx = identity.With(ctx, p)
			}
			return ctx, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	s := &stack{t: t, db: db, srv: srv, deps: svc.deps, procs: map[string]rpc.Procedure{}}
	for _, p := range api.Hybrid(svc.deps) {
		s.procs["hybrid/"+p.Path] = p
	}
	for _, p := range api.Admin(svc.deps) {
		s.procs["admin/"+p.Path] = p
	}
	return s
}

// user adds a verified user and returns the value of asHeader for them.
func (s *stack) user(roles ...string) string {
	s.t.Helper()
	id := uuid.NewString()
	now := time.Now().UTC()
	if _, err := s.db.ExecContext(context.Background(), `INSERT INTO users (id, email, first_name, verified_at,
		terms_accepted_at, created_at, updated_at) VALUES ($1, $2, 'Test', $3, $3, $3, $3)`,
		id, id+"@example.com", now); err != nil {
		s.t.Fatal(err)
	}
	return strings.TrimSpace(id + " " + strings.Join(roles, " "))
}

// answer is one call's outcome as the client sees it.
type answer struct {
	status  int
	appCode string
	field   string
	data    json.RawMessage
	body    string
}

// call runs the procedure key ("hybrid/order.get") as the principal as ("" for
// nobody) with raw as its input (nil for none): GET ?input= for a query, a
// POST body for a mutation.
func (s *stack) call(key, as string, raw []byte) answer {
	s.t.Helper()
	p, ok := s.procs[key]
	if !ok {
		s.t.Fatalf("no procedure %s", key)
	}
	endpoint, path, _ := strings.Cut(key, "/")
	target := "/c-core/trpc/" + endpoint + "/" + path
	var req *http.Request
	if p.Kind == rpc.KindQuery {
		if raw != nil {
			target += "?input=" + url.QueryEscape(string(raw))
		}
		req = httptest.NewRequest(http.MethodGet, target, nil)
	} else {
		req = httptest.NewRequest(http.MethodPost, target, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
	}
	if as != "" {
		req.Header.Set(asHeader, as)
	}
	rec := httptest.NewRecorder()
	s.srv.ServeHTTP(rec, req)
	var env struct {
		Result struct {
			Data json.RawMessage `json:"data"`
		} `json:"result"`
		Error struct {
			Data struct {
				AppCode string `json:"appCode"`
				Field   string `json:"field"`
			} `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		s.t.Fatalf("%s: answer is not JSON: %v: %s", key, err, rec.Body.String())
	}
	return answer{status: rec.Code, appCode: env.Error.Data.AppCode, field: env.Error.Data.Field,
		data: env.Result.Data, body: rec.Body.String()}
}

// must runs a call that has to succeed and decodes its result into out.
func (s *stack) must(key, as, input string, out any) {
	s.t.Helper()
	a := s.call(key, as, []byte(input))
	if a.status != http.StatusOK {
		s.t.Fatalf("%s %s: %d %s", key, input, a.status, a.body)
	}
	if out != nil {
		if err := json.Unmarshal(a.data, out); err != nil {
			s.t.Fatalf("%s: %v", key, err)
		}
	}
}

// principal is who may call p: nobody for a public procedure, a fresh user,
// or an administrator.
func (s *stack) principal(p rpc.Procedure, user, admin string) string {
	switch p.Access {
	case rpc.Public:
		return ""
	case rpc.User:
		return user
	}
	return admin
}
