// Command barerpc is `make bench-server`'s floor for lockerd: a bare net/http handler
// that decodes the same tRPC requests (GET, batched GET, POST) of the scenarios in
// bench/scenarios.mjs and writes the same JSON, with no middleware (no request ids,
// security headers, metrics, recovery, sessions or rate limits), and whose mutation is
// a raw pgx insert of the same events row. What lockerd does beyond it is the cost of
// its rpc layer and middleware.
//
//	go run ./tools/barerpc -addr 127.0.0.1:8091 -db postgres://...
package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5/pgxpool"
)

const base = "/c-core/trpc/hybrid/"

// eventTypes are event.track's types (the same list as lockerd's and the Node reference's).
var eventTypes = []string{
	"login", "logout", "sign-up", "verify", "recall", "reset", "set-password", "update", "delete-profile",
	"station.view", "station.select", "locker.select", "locker.open",
	"order.create", "order.confirm", "order.extend", "order.cancel", "order.view",
	"payment.method-add", "payment.method-remove", "payment.pay", "invoice.view", "invoice.download",
	"guide.view", "guide.complete", "coupon.register", "coupon.view", "issue.add",
}

type info struct {
	AppVersion     string   `json:"appVersion"`
	MinAppVersion  string   `json:"minAppVersion"`
	Languages      []string `json:"languages"`
	MapTileURL     string   `json:"mapTileUrl"`
	MapAttribution string   `json:"mapAttribution"`
}

type health struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	Time     string `json:"time"`
}

type trackInput struct {
	Type     string `json:"type"`
	Source   string `json:"source"`
	Campaign string `json:"campaign"`
}

type server struct{ pool *pgxpool.Pool }

// errBadInput is a procedure's refusal of its input.
var errBadInput = errors.New("bad input")

func (s *server) call(ctx context.Context, proc string, input json.RawMessage, mutation bool) (any, int, error) {
	switch {
	case proc == "system.health" && !mutation:
		return health{Status: "ok", Database: "ok", Time: time.Now().UTC().Format(time.RFC3339)}, 200, nil
	case proc == "system.info" && !mutation:
		return info{AppVersion: "5.3.0", MinAppVersion: "5.3.0", Languages: []string{"en-US", "et"},
			MapAttribution: "© OpenStreetMap contributors"}, 200, nil
	case proc == "event.track" && mutation:
		var in trackInput
		if err := json.Unmarshal(input, &in); err != nil || !slices.Contains(eventTypes, in.Type) ||
			!plain(in.Source) || !plain(in.Campaign) {
			return nil, 400, errBadInput
		}
		_, err := s.pool.Exec(ctx, `INSERT INTO events (id, type, user_id, device_id, source, campaign, created_at)
			VALUES ($1, $2, NULL, NULL, $3, $4, $5)`, newID(), in.Type, or(strings.TrimSpace(in.Source), "web"),
			or(strings.TrimSpace(in.Campaign), "default"), time.Now().UTC())
		if err != nil {
			return nil, 500, err
		}
		return map[string]bool{"ok": true}, 200, nil
	}
	return nil, 404, fmt.Errorf("no procedure %s", proc)
}

// plain is event.track's rule for source and campaign: at most 64 characters, no control characters.
func plain(s string) bool {
	s = strings.TrimSpace(s)
	return len([]rune(s)) <= 64 && strings.IndexFunc(s, unicode.IsControl) < 0
}

func or(s, dflt string) string {
	if s == "" {
		return dflt
	}
	return s
}

// newID is a random (version 4) UUID.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

type result struct {
	Result *data `json:"result,omitempty"`
	Error  *fail `json:"error,omitempty"`
}
type data struct {
	Data any `json:"data"`
}
type fail struct {
	Message string `json:"message"`
	Code    int    `json:"code"`
}

// ServeHTTP decodes a tRPC request as @trpc/client sends it: procedures comma-separated
// in the path, ?batch=1 with the inputs keyed by position (in ?input= for a query, the
// body for a mutation), else one input.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	procs := strings.Split(strings.TrimPrefix(r.URL.Path, base), ",")
	mutation := r.Method == http.MethodPost
	q := r.URL.Query()
	batch := q.Get("batch") == "1"
	var raw []byte
	if mutation {
		var err error
		if raw, err = readBody(r); err != nil {
			http.Error(w, "bad body", http.StatusBadRequest)
			return
		}
	} else {
		raw = []byte(q.Get("input"))
	}
	inputs := map[string]json.RawMessage{}
	if batch && len(raw) > 0 {
		if err := json.Unmarshal(raw, &inputs); err != nil {
			http.Error(w, "bad input", http.StatusBadRequest)
			return
		}
	} else if !batch {
		inputs["0"] = raw
	}
	out := make([]result, len(procs))
	status := http.StatusOK
	for i, p := range procs {
		v, code, err := s.call(r.Context(), p, inputs[fmt.Sprint(i)], mutation)
		if err != nil {
			out[i] = result{Error: &fail{Message: err.Error(), Code: code}}
			status = code
			continue
		}
		out[i] = result{Result: &data{Data: v}}
	}
	w.Header().Set("Content-Type", "application/json")
	if batch {
		if len(procs) > 1 && status != http.StatusOK {
			status = 207
		}
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(out)
		return
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(out[0])
}

// readBody reads a mutation's body, at most 1 MiB.
func readBody(r *http.Request) ([]byte, error) {
	defer r.Body.Close()
	return io.ReadAll(io.LimitReader(r.Body, 1<<20))
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8091", "address to listen on")
	db := flag.String("db", os.Getenv("DATABASE_URL"), "PostgreSQL URL of the database lockerd migrated (the events table)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := pgxpool.ParseConfig(*db)
	if err != nil {
		log.Fatal(err)
	}
	cfg.MaxConns = 20 // as lockerd's pool and the Node reference's
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	mux := http.NewServeMux()
	mux.Handle(base, &server{pool: pool})
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Shutdown(context.Background())
	}()
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
