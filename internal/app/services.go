package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/adapters/mail"
	"lockers/internal/adapters/sms"
	"lockers/internal/api"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/clock"
	"lockers/internal/config"
	"lockers/internal/hardware"
	"lockers/internal/identity"
	"lockers/internal/invoice"
	"lockers/internal/invoice/forpayment"
	"lockers/internal/issue"
	"lockers/internal/jobs"
	"lockers/internal/notify"
	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/ratelimit"
	"lockers/internal/rpc"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// services holds the domain services of one running server.
type services struct {
	deps       api.Deps
	accounts   *account.Service
	orders     *order.Service
	invoicePDF http.Handler
	payments   *payments
	hardware   *stationsController
	limits     *rateLimits
	notify     *notify.Service
	invoices   *invoice.Service
	budgets    budgets
	trustProxy bool
}

// Rate limits of product.md "Accounts": generous for people, tight for scripts.
var (
	addressLimit = ratelimit.Config{Every: 2 * time.Second, Burst: 30}  // sign-in/up steps per client address
	accountLimit = ratelimit.Config{Every: 20 * time.Second, Burst: 10} // the same per e-mail address or user
	tokenLimit   = ratelimit.Config{Every: 50 * time.Millisecond, Burst: 200}
	eventLimit   = ratelimit.Config{Every: 2 * time.Second, Burst: 30} // tracked events per client address
)

// Failed sign-ins (docs/security.md, "Sign-in limits"): tight per account and
// client address, a high ceiling per account that known clients pass.
const (
	loginClientFailures  = 5
	loginClientWindow    = 15 * time.Minute
	loginAccountFailures = 50
	loginAccountWindow   = time.Hour
)

func newServices(cfg config.Config, db *store.DB, log *slog.Logger) (*services, error) {
	limits, err := newRateLimits(context.Background(), cfg, db, log)
	if err != nil {
		return nil, err
	}
	mailer, err := newMailer(cfg, log)
	if err != nil {
		return nil, err
	}
	texter, err := newSMS(cfg, log)
	if err != nil {
		return nil, err
	}
	svc, err := account.NewService(account.Deps{
		Storage:  accountsql.New(db),
		Mailer:   mailer,
		SMS:      texter,
		Stations: stationsql.New(db),
		Limits: account.Limits{
			Address:      limits.shared.New("address", addressLimit),
			Account:      limits.shared.New("account", accountLimit),
			Token:        limits.perCall("token", tokenLimit),
			Events:       ratelimit.New(eventLimit),
			LoginClient:  limits.shared.NewLockout("login-client", loginClientFailures, loginClientWindow, loginClientWindow, nil),
			LoginAccount: limits.shared.NewLockout("login-account", loginAccountFailures, loginAccountWindow, loginAccountWindow, nil),
		},
		PublicURL:     cfg.PublicURL,
		MinAppVersion: cfg.MinAppVersion,
		Now:           clock.Now,
		Logger:        log,
	})
	if err != nil {
		return nil, fmt.Errorf("accounts: %w", err)
	}
	stations := station.NewService(stationsql.New(db), clock.Now)
	// Bookings read their station from a short cache (see station.Cached); the
	// station procedures keep reading the table, so "online" is never stale.
	bookingStations := station.NewService(station.Cached(stationsql.New(db), station.CacheFor), clock.Now)
	stations.SetBookAhead(cfg.BookAhead)
	bookingStations.SetBookAhead(cfg.BookAhead)
	coupons := promo.NewService(promosql.New(db), clock.Now)
	invoices, invoiceLinks, err := newInvoices(cfg, db, log)
	if err != nil {
		return nil, fmt.Errorf("invoices: %w", err)
	}
	notes, err := newNotify(cfg, db, mailer, texter, log)
	if err != nil {
		return nil, err
	}
	// Every kept payment gets an invoice and every refund a credit note.
	pays, err := newPayments(cfg, db, forpayment.Invoicer{Invoices: invoices}, paymentReturned(notes), log)
	if err != nil {
		return nil, err
	}
	orders, err := order.NewService(order.Deps{
		Store: ordersql.New(db), Stations: bookingStations, Coupons: coupons, Refunds: pays.service,
		Settlements: invoices,
		Now:         clock.Now, Logger: log,
	})
	if err != nil {
		return nil, fmt.Errorf("orders: %w", err)
	}
	orders.SetHoldCaps(cfg.MaxUnpaidOrders, cfg.MaxHeldAtStation)
	hw, err := newHardware(cfg, db, limits.shared, doorAlarms(notes, log), log)
	if err != nil {
		return nil, err
	}
	helpCentre, err := newHelp(db, log)
	if err != nil {
		return nil, err
	}
	issues, err := newIssues(cfg, db, log)
	if err != nil {
		return nil, err
	}
	office, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, clock.Now), Refund: pays.service, Extend: orders, Doors: hw.service,
		Answered: issueAnswered(notes), Moved: lockerMoved(notes), Told: operatorTold(notes), Ledger: pays.service, Logger: log,
		// Without STATION_SECRET (the simulator's random one per start) there
		// are no credentials a cabinet could keep: the actions answer CANT_CHANGE.
		StationSecret: []byte(cfg.StationSecret), CredentialsChanged: hw.forget})
	if err != nil {
		return nil, fmt.Errorf("backoffice: %w", err)
	}
	return &services{
		hardware:   hw,
		limits:     limits,
		notify:     notes,
		budgets:    newBudgets(limits.shared, writeBudgets),
		accounts:   svc,
		orders:     orders,
		invoicePDF: newInvoicePDF(invoices, invoiceLinks, svc.Authenticate, log),
		invoices:   invoices,
		payments:   pays,
		trustProxy: cfg.TrustProxy,
		deps: api.Deps{
			Version:        AppVersion,
			MinAppVersion:  cfg.MinAppVersion,
			MapTileURL:     mapTileURL(cfg),
			MapAttribution: cfg.MapAttribution,
			Ping:           db.Ping,
			Now:            clock.Now,
			Accounts:       svc,
			Stations:       stations,
			Orders:         orders,
			Coupons:        coupons,
			Invoices:       invoices,
			InvoiceLink:    func(id string) string { return cfg.PublicURL + invoiceLinks.Link(id) },
			Payments:       pays.service,
			Hardware:       hw.service,
			Backoffice:     office,
			Help:           helpCentre,
			Notify:         notes,
			Issues:         issues,
		},
	}, nil
}

func newMailer(cfg config.Config, log *slog.Logger) (account.Mailer, error) {
	if cfg.SMTPURL == "" {
		log.Warn("SMTP_URL is not set: e-mails, verification codes included, are written to the log")
		return mail.Log{Logger: log}, nil
	}
	return mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom)
}

func newSMS(cfg config.Config, log *slog.Logger) (account.SMS, error) {
	if cfg.SMSURL == "" {
		log.Warn("SMS_URL is not set: text messages, verification codes included, are written to the log")
		return sms.Log{Logger: log}, nil
	}
	return sms.NewTwilio(cfg.SMSURL, cfg.SMSFrom, &http.Client{Timeout: 15 * time.Second})
}

// requestContext runs before every tRPC call: it records the client's address,
// agent and bearer token for the account procedures and resolves the token into
// the caller. A token that opens no session leaves the caller anonymous (a
// User procedure then answers UNAUTHORIZED); a spent per-token limit fails the
// whole request with RATE_LIMIT_EXCEEDED. A batch of N calls costs N.
func (s *services) requestContext(ctx context.Context, r *http.Request) (context.Context, error) {
	bearer := bearerToken(r.Header.Get("Authorization"))
	ctx = account.WithRequest(ctx, account.Request{
		ClientIP:  ratelimit.ClientIP(r, s.trustProxy),
		UserAgent: r.UserAgent(),
		Bearer:    bearer,
		Calls:     rpc.Calls(ctx),
	})
	if bearer == "" {
		return ctx, nil
	}
	p, err := s.accounts.Authenticate(ctx, bearer)
	if errors.Is(err, account.ErrUnauthenticated) {
		return ctx, nil
	}
	if err != nil {
		return ctx, err
	}
	return identity.With(ctx, p), nil
}

func bearerToken(h string) string {
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// periodic is the work besides the order sweep and the payment reconciler
// that one lockerd of all sharing the database does (the job queue's leader):
// the stations' alarm check and pruning, the sweep of issue photos no report
// took (and deleted accounts'), the erasure of deleted accounts' names from
// their invoices, the daily reconciliation of the money's books, and the
// rate-limit table's pruning.
func (s *services) periodic() []jobs.Periodic {
	hw := s.hardware.service
	issues := s.deps.Issues
	return append([]jobs.Periodic{
		{Name: "hardware.alarms", Every: hardware.AlarmCheckEvery, Run: hw.CheckAlarms},
		{Name: "hardware.prune", Every: hardware.PruneEvery, Run: hw.Prune},
		{Name: "issue.photo_sweep", Every: issue.SweepEvery, Run: func(ctx context.Context) error {
			_, err := issues.SweepPhotos(ctx)
			return err
		}},
		{Name: "invoice.forget-deleted-buyers", Every: time.Hour, Run: s.invoices.ForgetDeletedBuyers},
		{Name: "backoffice.reconcile", Every: 24 * time.Hour, Run: s.deps.Backoffice.ReconcileYesterday},
	}, s.limits.periodic()...)
}

// mapTileURL is what system.info tells the web app: "" when tiles are off.
func mapTileURL(cfg config.Config) string {
	if cfg.MapTileURL == config.MapTilesOff {
		return ""
	}
	return cfg.MapTileURL
}
