package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/identity"
)

// Lifetimes and limits of spec §4 / product.md "Accounts".
const (
	CodeTTL         = 15 * time.Minute // a code is valid this long
	ResendAfter     = 60 * time.Second // a new code not sooner than this
	MaxCodeAttempts = 5                // tries at one code
	// MaxCodeTriesPerDay caps wrong codes per address (phone codes: per user)
	// per UTC day across resends: a resend gives a new code, not new guesses.
	MaxCodeTriesPerDay = 20
	TokenTTL           = 15 * time.Minute // the verification token of the password step
	DefaultSessionTTL  = 90 * 24 * time.Hour
)

// Limits are the rate limiters; any may be nil (no limit).
type Limits struct {
	// Address limits login, register, verify, recall, reset and phone requests
	// per client address (TOO_MANY_REQUESTS).
	Address Limiter
	// Account limits the same per e-mail address or user (TOO_MANY_REQUESTS),
	// except login, which counts failures below instead of attempts: an attempt
	// budget per account would let anyone keep the owner out.
	Account Limiter
	// LoginClient counts failed logins per account and client address together
	// (the tight limit of docs/security.md).
	LoginClient Lockout
	// LoginAccount counts failed logins per account from every client (the high
	// ceiling); while it is locked only clients known to the account may try,
	// and the owner is e-mailed an unlock link.
	LoginAccount Lockout
	// Token limits every authenticated API call per bearer token
	// (RATE_LIMIT_EXCEEDED), in Authenticate: a request of N calls (a
	// batch, Request.Calls) costs N.
	Token CallLimiter
	// Events limits event tracking per client address (TOO_MANY_REQUESTS). A
	// flood guard, like Token: it protects the events table from a flood, not
	// an account from guessing, so the app keeps it per process instead of
	// writing a shared count for every tracked event.
	Events Limiter
}

// Deps is everything a Service needs. Storage, Mailer and SMS are required.
type Deps struct {
	Storage  Storage
	Mailer   Mailer
	SMS      SMS
	Stations Stations // optional: without it a default station is only checked to be a uuid
	Limits   Limits
	// MinAppVersion is the oldest client app version that needs no update.
	MinAppVersion string
	// PublicURL is the service's base URL, for the unlock links in e-mails.
	PublicURL string
	// Message is an optional operator message sent with every auth answer.
	Message string
	// SessionTTL is how long an unused session lives (default 90 days); each
	// auth.authorize extends it.
	SessionTTL time.Duration
	Password   PasswordParams // default DefaultPasswordParams
	Now        func() time.Time
	Logger     *slog.Logger
}

// Service implements the account procedures.
type Service struct {
	users         Users
	sessions      Sessions
	devices       Devices
	verifications Verifications
	events        Events
	codeTries     CodeTries
	logins        LoginGuards
	tx            Transactor
	mailer        Mailer
	sms           SMS
	stations      Stations
	limits        Limits
	publicURL     string
	minVersion    version
	message       string
	sessionTTL    time.Duration
	password      PasswordParams
	dummyHash     string // compared against when an e-mail is unknown, so timing does not tell
	now           func() time.Time
	log           *slog.Logger
	bg            sync.WaitGroup
}

// NewService checks deps and builds the service.
func NewService(d Deps) (*Service, error) {
	st := d.Storage
	if st.Users == nil || st.Sessions == nil || st.Devices == nil || st.Verifications == nil ||
		st.Events == nil || st.CodeTries == nil || st.Logins == nil || st.Tx == nil || d.Mailer == nil || d.SMS == nil {
		return nil, errors.New("account: every Storage port, Mailer and SMS are required")
	}
	minV, err := parseVersion(d.MinAppVersion)
	if err != nil {
		return nil, fmt.Errorf("account: MinAppVersion: %w", err)
	}
	if d.Password == (PasswordParams{}) {
		d.Password = DefaultPasswordParams
	}
	if d.SessionTTL <= 0 {
		d.SessionTTL = DefaultSessionTTL
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	return &Service{
		users: st.Users, sessions: st.Sessions, devices: st.Devices, verifications: st.Verifications,
		events: st.Events, codeTries: st.CodeTries, logins: st.Logins, tx: st.Tx, mailer: d.Mailer, sms: d.SMS, stations: d.Stations, limits: d.Limits,
		publicURL:  strings.TrimRight(d.PublicURL, "/"),
		minVersion: minV, message: d.Message, sessionTTL: d.SessionTTL, password: d.Password,
		dummyHash: hashPassword(newToken(), d.Password),
		now:       func() time.Time { return d.Now().UTC().Truncate(time.Microsecond) },
		log:       d.Logger,
	}, nil
}

// Wait blocks until background work (reset e-mails, sent off the request path so
// an unknown address answers as fast as a known one) has finished. The app calls
// it on shutdown; tests call it before reading a mailbox.
func (s *Service) Wait() { s.bg.Wait() }

// background runs fn detached from the request's cancellation, with a time limit.
func (s *Service) background(ctx context.Context, fn func(context.Context)) {
	ctx = context.WithoutCancel(ctx)
	s.bg.Go(func() {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		fn(ctx)
	})
}

// allow applies the per-address and per-account limits of one operation.
func (s *Service) allow(ctx context.Context, op, account string) error {
	addr := RequestFrom(ctx).addressKey()
	if s.limits.Address != nil && !s.limits.Address.Allow(op+"|"+addr) {
		return apperr.New(apperr.CodeTooManyRequest, "Too Many Requests")
	}
	if account != "" && s.limits.Account != nil && !s.limits.Account.Allow(op+"|"+account) {
		return apperr.New(apperr.CodeTooManyRequest, "Too Many Requests")
	}
	return nil
}

// caller returns the signed-in principal or UNAUTHORIZED.
func caller(ctx context.Context) (identity.Principal, error) {
	p, ok := identity.From(ctx)
	if !ok || p.SessionID == "" {
		return identity.Principal{}, apperr.New(apperr.CodeUnauthorized, "Unauthorized")
	}
	return p, nil
}

// internal wraps an unexpected failure; the wire layer answers it with
// GENERAL_ERROR and a generic message and logs the details.
func internal(op string, err error) error {
	return fmt.Errorf("account.%s: %w", op, err)
}
