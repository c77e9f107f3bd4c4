package account_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"lockers/internal/clock/clocktest"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/adapters/mail"
	"lockers/internal/adapters/mail/mailtest"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// fastHash keeps argon2id but at a cost that suits a test run.
var fastHash = account.PasswordParams{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

// smsRecorder is the SMS port recording every message; fail makes the next send fail.
type smsRecorder struct {
	mu   sync.Mutex
	sent []sms
	fail bool
}

type sms struct{ To, Text string }

func (r *smsRecorder) SendSMS(_ context.Context, to, text string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		r.fail = false
		return errors.New("provider said no")
	}
	r.sent = append(r.sent, sms{to, text})
	return nil
}

func (r *smsRecorder) failNext() { r.mu.Lock(); r.fail = true; r.mu.Unlock() }

// last returns the newest text to a number and its 6-digit code.
func (r *smsRecorder) last(t *testing.T, to string) (string, string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.sent) - 1; i >= 0; i-- {
		if r.sent[i].To == to {
			f := strings.Fields(r.sent[i].Text)
			for _, w := range f {
				w = strings.TrimRight(w, ".")
				if len(w) == 6 && strings.Trim(w, "0123456789") == "" {
					return r.sent[i].Text, w
				}
			}
			t.Fatalf("no code in %q", r.sent[i].Text)
		}
	}
	t.Fatalf("no SMS to %s", to)
	return "", ""
}

// harness is a Service over a real database, a real SMTP server and the SMS recorder.
type harness struct {
	svc   *account.Service
	store account.Storage
	db    *store.DB
	mail  *mailtest.Server
	sms   *smsRecorder
	clock *clocktest.Clock
}

type option func(*account.Deps)

func newHarness(t *testing.T, db *store.DB, opts ...option) *harness {
	t.Helper()
	srv := mailtest.Start(t, "", "")
	mailer, err := mail.NewSMTP(srv.URL(), "Lockers <noreply@lockers.example>")
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{store: accountsql.New(db), db: db, mail: srv, sms: &smsRecorder{},
		clock: clocktest.NewClock(time.Date(2026, 10, 25, 0, 30, 0, 0, time.UTC))}
	deps := account.Deps{
		Storage: h.store, Mailer: mailer, SMS: h.sms, Stations: stationsql.New(db),
		MinAppVersion: "5.0.0", Message: "Welcome back", Password: fastHash, Now: h.clock.Now,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	for _, o := range opts {
		o(&deps)
	}
	if h.svc, err = account.NewService(deps); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.svc.Wait)
	return h
}

// eachDB runs fn against the service on SQLite and PostgreSQL.
func eachDB(t *testing.T, fn func(t *testing.T, h *harness), opts ...option) {
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newHarness(t, db, opts...)) })
}

// anon is the context of a call from an address without a session.
func anon(ip string) context.Context {
	return account.WithRequest(context.Background(), account.Request{ClientIP: ip, UserAgent: "test"})
}

// as is the context of a call carrying a bearer token, resolved as the HTTP edge does.
func (h *harness) as(t *testing.T, token string) context.Context {
	t.Helper()
	ctx := account.WithRequest(context.Background(), account.Request{ClientIP: "192.0.2.1", Bearer: token})
	p, err := h.svc.Authenticate(ctx, token)
	if err != nil {
		t.Fatalf("authenticate: %v", err)
	}
	return identity.With(ctx, p)
}

// mailCode waits for the newest e-mail to addr after skip earlier ones and returns it.
func (h *harness) mailCode(t *testing.T, addr string, skip int) mailtest.Message {
	t.Helper()
	h.svc.Wait() // reset mail leaves in the background
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	m, err := h.mail.WaitFor(ctx, addr, skip)
	if err != nil {
		t.Fatal(err)
	}
	if m.Code() == "" || !strings.Contains(m.HTML, m.Code()) {
		t.Fatalf("no code in both parts of %q", m.Subject)
	}
	return m
}

// mailsTo counts the e-mails received for addr.
func (h *harness) mailsTo(addr string) int {
	h.svc.Wait()
	n := 0
	for _, m := range h.mail.Messages() {
		for _, to := range m.To {
			if to == addr {
				n++
			}
		}
	}
	return n
}

var device = account.DeviceInfo{AppVersion: "5.3.0", DeviceName: "Mari's phone", Platform: "android",
	Model: "Pixel 8", OSVersion: "15", WebViewVersion: "131.0"}

// signUp registers addr with password through the e-mailed code and returns the session token.
func (h *harness) signUp(t *testing.T, addr, password string) account.Auth {
	t.Helper()
	ctx := anon("203.0.113.5")
	before := h.mailsTo(addr)
	if _, err := h.svc.Register(ctx, account.RegisterInput{Email: addr, AcceptTerms: true}); err != nil {
		t.Fatalf("register %s: %v", addr, err)
	}
	v, err := h.svc.Verify(ctx, addr, h.mailCode(t, addr, before).Code())
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	a, err := h.svc.SetPassword(ctx, account.SetPasswordInput{Token: v.Token, Password: password,
		PasswordRepeat: password, Device: device})
	if err != nil {
		t.Fatalf("set password: %v", err)
	}
	return a
}

// wantCode fails unless err carries the catalogue code.
func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("error %v (code %s), want %s", err, got, code)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// tokenHashOf is how the service stores a bearer token: its SHA-256 in hex.
func tokenHashOf(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
