package loadtest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"lockers/internal/rpcclient"
	"lockers/internal/seed"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// Options shape one run. Zero values take the defaults.
type Options struct {
	DatabaseURL string // an empty database or one migrated by lockerd
	Workers     int    // concurrent clients (API) and transactions (raw); default 16
	Bookings    int    // measured bookings per phase; default 4000
	Users       int    // signed-up users whose tokens the clients rotate through; default 64
	Lockers     int    // lockers of the seeded station; default 200
	// Pay adds two phases: booking only (Bookings orders created and
	// confirmed, free by coupon) and book-and-pay (created, confirmed and paid
	// with a saved demo card, timed until the provider's notification booked
	// the last one).
	Pay bool
	// PayBookings is the number of orders of each of those two phases;
	// default Bookings.
	PayBookings int
	// Logf, when set, reports progress.
	Logf func(format string, args ...any)
}

func (o *Options) defaults() {
	if o.Workers <= 0 {
		o.Workers = 16
	}
	if o.Bookings <= 0 {
		o.Bookings = 4000
	}
	if o.Users <= 0 {
		// Each token may make 200 requests at once and 20 a second after that
		// (the server's per-token limit): enough tokens keep the limit out of the figures.
		o.Users = max(64, o.Bookings/150)
		if o.Pay {
			o.Users = max(64, o.Bookings/60) // booking only and book-and-pay make five calls more per order
		}
	}
	if o.Lockers <= 0 {
		o.Lockers = 200
	}
	if o.PayBookings <= 0 {
		o.PayBookings = o.Bookings
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
}

// Phase is what one booking loop achieved.
type Phase struct {
	Booked       int           // bookings that got a locker
	NotAvailable int           // LOCKERS_NOT_AVAILABLE: every locker of the kind was taken
	RateLimited  int           // RATE_LIMIT_EXCEEDED (API only): the figures are then too low
	Failed       int           // anything else
	FirstErrors  []string      // up to five of the failures
	Elapsed      time.Duration // wall time of the measured bookings
	// CPU is what this process (server and load generator, not PostgreSQL) used meanwhile.
	CPU time.Duration
	// DBCPU is what PostgreSQL's backends of the run's database used meanwhile
	// (book-and-pay phases only; 0 on SQLite, whose work is part of CPU).
	DBCPU time.Duration
}

// PerSecond is the booking rate.
func (p Phase) PerSecond() float64 { return float64(p.Booked) / p.Elapsed.Seconds() }

// CPUPerBooking is the Go process's CPU time per successful booking.
func (p Phase) CPUPerBooking() time.Duration {
	if p.Booked == 0 {
		return 0
	}
	return p.CPU / time.Duration(p.Booked)
}

// CostPerBooking is the CPU of lockerd, load generator and database per
// successful booking: on a machine shared with other work it compares two
// phases more steadily than their rates do.
func (p Phase) CostPerBooking() time.Duration {
	if p.Booked == 0 {
		return 0
	}
	return (p.CPU + p.DBCPU) / time.Duration(p.Booked)
}

// Result is one run on one database.
type Result struct {
	Dialect store.Dialect
	Options Options
	// Raw is rawBook's loop, Whole rawWholeBook's: the core of a booking's
	// database work, and all of it.
	Raw, Whole, API Phase
	// Contention: many API bookings of one kind and hour at once; exactly as many
	// as there are lockers of that kind must succeed.
	ContentionLockers, ContentionBooked, ContentionRefused, ContentionFailed int
	// Book is the booking-only phase and Pay the book-and-pay phase
	// (Options.Pay); PaidBooked the orders the notifications booked.
	Book, Pay  Phase
	PaidBooked int
	Overlaps   int // double bookings found afterwards
	Orders     int // live order lockers in the database
}

// Ratio is the API's booking rate over the raw loop's.
func (r Result) Ratio() float64 { return r.API.PerSecond() / r.Raw.PerSecond() }

// WholeRatio is the API's booking rate over the whole raw booking's.
func (r Result) WholeRatio() float64 { return r.API.PerSecond() / r.Whole.PerSecond() }

// WholeCostRatio is CostRatio against the whole raw booking.
func (r Result) WholeCostRatio() float64 {
	return float64(r.Whole.CostPerBooking()) / float64(r.API.CostPerBooking())
}

// CostRatio is what Ratio would be if CPU alone bounded both phases: the raw
// loop's CPU per booking over the API's, the database's included (PostgreSQL;
// on SQLite the engine is part of the process). On a machine shared with other
// work it moves less than the rates do.
func (r Result) CostRatio() float64 {
	return float64(r.Raw.CostPerBooking()) / float64(r.API.CostPerBooking())
}

// PayRatio is the book-and-pay rate over the booking-only rate (both create
// and confirm an order; one pays, the other's coupon does).
func (r Result) PayRatio() float64 { return r.Pay.PerSecond() / r.Book.PerSecond() }

// PayCostRatio is what PayRatio would be if CPU alone bounded both phases: a
// booking's cost over a paid booking's (invoicing included).
func (r Result) PayCostRatio() float64 {
	return float64(r.Book.CostPerBooking()) / float64(r.Pay.CostPerBooking())
}

// PayCreateRatio is the book-and-pay rate over order.create's alone.
func (r Result) PayCreateRatio() float64 { return r.Pay.PerSecond() / r.API.PerSecond() }

func (r Result) String() string {
	pay := ""
	if r.Options.Pay {
		pay = fmt.Sprintf(" | booking only %.0f/s (%d in %s, Go CPU %s each, %d failed) | book-and-pay %.0f/s (%d in %s, Go CPU %s each, %d failed, %d booked by notification) | pay/booking %.2f, pay/create %.2f | CPU per order with the database: booking only %s, book-and-pay %s (cost ratio %.2f)",
			r.Book.PerSecond(), r.Book.Booked, r.Book.Elapsed.Round(time.Millisecond), r.Book.CPUPerBooking().Round(time.Microsecond),
			r.Book.Failed+r.Book.NotAvailable+r.Book.RateLimited,
			r.Pay.PerSecond(), r.Pay.Booked, r.Pay.Elapsed.Round(time.Millisecond), r.Pay.CPUPerBooking().Round(time.Microsecond),
			r.Pay.Failed+r.Pay.NotAvailable+r.Pay.RateLimited, r.PaidBooked, r.PayRatio(), r.PayCreateRatio(),
			r.Book.CostPerBooking().Round(time.Microsecond), r.Pay.CostPerBooking().Round(time.Microsecond), r.PayCostRatio())
	}
	return fmt.Sprintf("%s: workers=%d bookings=%d users=%d lockers=%d | raw %.0f/s (%d in %s, Go CPU %s each) | raw whole %.0f/s (%d in %s, Go CPU %s each) | API %.0f/s (%d in %s, Go CPU %s each, %d rate-limited, %d failed) | ratio %.2f, to the whole %.2f | CPU per booking with the database: raw %s, raw whole %s, API %s (cost ratio %.2f, to the whole %.2f) | contention %d/%d lockers, %d refused, %d failed | overlaps %d of %d",
		r.Dialect, r.Options.Workers, r.Options.Bookings, r.Options.Users, r.Options.Lockers,
		r.Raw.PerSecond(), r.Raw.Booked, r.Raw.Elapsed.Round(time.Millisecond), r.Raw.CPUPerBooking().Round(time.Microsecond),
		r.Whole.PerSecond(), r.Whole.Booked, r.Whole.Elapsed.Round(time.Millisecond), r.Whole.CPUPerBooking().Round(time.Microsecond),
		r.API.PerSecond(), r.API.Booked, r.API.Elapsed.Round(time.Millisecond), r.API.CPUPerBooking().Round(time.Microsecond),
		r.API.RateLimited, r.API.Failed+r.API.NotAvailable,
		r.Ratio(), r.WholeRatio(), r.Raw.CostPerBooking().Round(time.Microsecond), r.Whole.CostPerBooking().Round(time.Microsecond),
		r.API.CostPerBooking().Round(time.Microsecond), r.CostRatio(), r.WholeCostRatio(),
		r.ContentionBooked, r.ContentionLockers, r.ContentionRefused, r.ContentionFailed, r.Overlaps, r.Orders) + pay
}

// Run seeds a station, starts lockerd on the database, signs users up through
// the API, then measures the raw loop and the API with the same concurrency,
// each booking its own timeframe (kind i%6, hour i/6) so that nearly all
// succeed, then books one kind and hour from all sides at once, and finally
// counts double bookings.
func Run(ctx context.Context, opts Options) (Result, error) {
	opts.defaults()
	res := Result{Options: opts}
	db, err := store.Open(ctx, opts.DatabaseURL)
	if err != nil {
		return res, err
	}
	defer db.Close()
	res.Dialect = db.Dialect()
	if _, err := db.Migrate(ctx, nil); err != nil {
		return res, fmt.Errorf("migrate: %w", err)
	}
	now := time.Now().UTC()
	stationID, err := seed.Load(ctx, db, opts.Lockers, 0, now)
	if err != nil {
		return res, fmt.Errorf("seed: %w", err)
	}
	rawOwner, err := rawUser(ctx, db)
	if err != nil {
		return res, err
	}

	srv, err := startServer(ctx, opts.DatabaseURL)
	if err != nil {
		return res, err
	}
	defer func() {
		if err := srv.stop(); err != nil {
			opts.Logf("lockerd stopped with %v", err)
		}
	}()
	t0 := time.Now()
	tokens, err := signUp(ctx, srv, opts.Users)
	if err != nil {
		return res, fmt.Errorf("sign-up: %w", err)
	}
	opts.Logf("%s: %d users signed up through the API in %s", res.Dialect, len(tokens), time.Since(t0).Round(time.Millisecond))

	warm := 2 * opts.Workers
	hours := (warm+opts.Bookings)/len(products) + 1
	rawBase := now.Truncate(time.Hour).Add(30 * 24 * time.Hour)
	wholeBase := rawBase.Add(time.Duration(hours+24) * time.Hour)
	apiBase := wholeBase.Add(time.Duration(hours+24) * time.Hour)
	slot := func(base time.Time, i int) (product, time.Time, time.Time) {
		s := base.Add(time.Duration(i/len(products)) * time.Hour)
		return products[i%len(products)], s, s.Add(time.Hour)
	}

	raw := func(i int) error {
		p, s, e := slot(rawBase, i)
		return rawBook(ctx, db, rawOwner, stationID, p, s, e)
	}
	whole := func(i int) error {
		p, s, e := slot(wholeBase, i)
		return rawWholeBook(ctx, db, rawOwner, stationID, p, s, e)
	}
	c := rpcclient.New(srv.base, "127.0.0.1", opts.Workers)
	defer c.Close()
	api := func(i int) error {
		p, s, e := slot(apiBase, i)
		return bookAPI(ctx, c, tokens[i%len(tokens)], stationID, p, s, e)
	}

	runPhase(opts.Workers, 0, warm, raw)
	runPhase(opts.Workers, 0, warm, whole)
	runPhase(opts.Workers, 0, warm, api)
	// The raw loops and the API take turns in rounds, so a change in the
	// machine's load (other work on a shared machine) falls on both alike and
	// the ratio stays a like-for-like comparison.
	dbName := databaseName(opts.DatabaseURL)
	round := func(from, n int, book func(int) error) Phase {
		settle(ctx, db)
		ph, _ := measured(dbName, func() (Phase, error) { return runPhase(opts.Workers, from, n, book), nil })
		return ph
	}
	for r := range alternations {
		from, n := warm+r*opts.Bookings/alternations, (r+1)*opts.Bookings/alternations-r*opts.Bookings/alternations
		res.Raw = res.Raw.add(round(from, n, raw))
		res.Whole = res.Whole.add(round(from, n, whole))
		res.API = res.API.add(round(from, n, api))
	}
	opts.Logf("%s: raw %.0f bookings/s, raw whole %.0f bookings/s, API %.0f bookings/s", res.Dialect,
		res.Raw.PerSecond(), res.Whole.PerSecond(), res.API.PerSecond())

	// Everyone at once for the same kind and hour, three times as many as there are lockers.
	p := products[0]
	if res.ContentionLockers, err = lockersOf(ctx, db, stationID, p); err != nil {
		return res, err
	}
	hot := apiBase.Add(time.Duration(hours+24) * time.Hour)
	cp := runPhase(opts.Workers, 0, 3*res.ContentionLockers, func(i int) error {
		return bookAPI(ctx, c, tokens[i%len(tokens)], stationID, p, hot, hot.Add(time.Hour))
	})
	res.ContentionBooked, res.ContentionRefused, res.ContentionFailed = cp.Booked, cp.NotAvailable, cp.Failed+cp.RateLimited

	if opts.Pay {
		if res.Book, res.Pay, res.PaidBooked, err = payPhases(ctx, db, srv, c, tokens, stationID, hot, slot, opts); err != nil {
			return res, err
		}
		opts.Logf("%s: booking only %.0f/s, book-and-pay %.0f/s (%.2fx; cost ratio %.2f)", res.Dialect, res.Book.PerSecond(),
			res.Pay.PerSecond(), res.PayRatio(), res.PayCostRatio())
	}

	if res.Overlaps, err = overlaps(ctx, db); err != nil {
		return res, fmt.Errorf("overlap check: %w", err)
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM order_lockers WHERE live`).Scan(&res.Orders); err != nil {
		return res, err
	}
	return res, nil
}

// lockersOf counts the station's lockers of kind p (all seeded lockers are in service).
func lockersOf(ctx context.Context, db *store.DB, stationID string, p product) (int, error) {
	offers, err := stationsql.New(db).Offers(ctx, stationID)
	if err != nil {
		return 0, err
	}
	want := station.Product{Height: p.height, Type: "standard", Temperature: p.temperature}
	for _, o := range offers {
		if o.Product == want {
			return o.Total, nil
		}
	}
	return 0, fmt.Errorf("the seeded station has no %+v lockers", want)
}

// bookAPI calls order.create for one locker of kind p.
func bookAPI(ctx context.Context, c *rpcclient.Client, token, stationID string, p product, start, end time.Time) error {
	var out struct {
		UUID    string `json:"uuid"`
		Lockers []struct {
			LockerUUID string `json:"lockerUuid"`
		} `json:"lockers"`
	}
	err := c.Mutation(ctx, "order.create", token, map[string]any{
		"stationUuid": stationID, "height": p.height, "type": "standard", "temperature": p.temperature,
		"start": start.Format(time.RFC3339), "end": end.Format(time.RFC3339),
	}, &out)
	if err == nil && (out.UUID == "" || len(out.Lockers) != 1 || out.Lockers[0].LockerUUID == "") {
		err = fmt.Errorf("order.create answered without a locker: %+v", out)
	}
	return err
}

// alternations is how many turns the raw loop and the API take each.
const alternations = 4

// add is p and q together, as one phase.
func (p Phase) add(q Phase) Phase {
	p.Booked += q.Booked
	p.NotAvailable += q.NotAvailable
	p.RateLimited += q.RateLimited
	p.Failed += q.Failed
	for _, e := range q.FirstErrors {
		if len(p.FirstErrors) < 5 {
			p.FirstErrors = append(p.FirstErrors, e)
		}
	}
	p.Elapsed += q.Elapsed
	p.CPU += q.CPU
	p.DBCPU += q.DBCPU
	return p
}

// runPhase books slots from..from+n-1 with workers goroutines and sorts the outcomes.
func runPhase(workers, from, n int, book func(i int) error) Phase {
	var (
		next atomic.Int64
		mu   sync.Mutex
		ph   Phase
		wg   sync.WaitGroup
	)
	next.Store(int64(from))
	start, cpu := time.Now(), processCPU()
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= from+n {
					return
				}
				err := book(i)
				var re *rpcclient.CallError
				mu.Lock()
				switch {
				case err == nil:
					ph.Booked++
				case errors.Is(err, errNoLockers) || errors.As(err, &re) && re.AppCode == "LOCKERS_NOT_AVAILABLE":
					ph.NotAvailable++
				case errors.As(err, &re) && re.AppCode == "RATE_LIMIT_EXCEEDED":
					ph.RateLimited++
				default:
					ph.Failed++
					if len(ph.FirstErrors) < 5 {
						ph.FirstErrors = append(ph.FirstErrors, err.Error())
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	ph.Elapsed, ph.CPU = time.Since(start), processCPU()-cpu
	return ph
}

// payPhases runs booking only, then book-and-pay, each on its own timeframes
// after the contention hour, the same number of orders with the same clients.
// Book-and-pay's time and CPU run until the provider's notifications have
// booked every order and every payment is invoiced. The deliveries of the
// booking's notifications (e-mail, push) are part of neither: they run beside
// both phases at the job queue's own pace (slower than booking on two cores),
// and each phase starts once the queue is empty, so that neither runs the
// other's.
func payPhases(ctx context.Context, db *store.DB, srv *server, c *rpcclient.Client, tokens []string, stationID string, after time.Time,
	slot func(time.Time, int) (product, time.Time, time.Time), opts Options) (book, pay Phase, paid int, err error) {
	if err = bookReady(ctx, db); err != nil {
		return book, pay, 0, fmt.Errorf("coupons: %w", err)
	}
	dbName := databaseName(opts.DatabaseURL)
	// Nothing of the earlier phases may run in the measured ones.
	if err = quiesce(ctx, db, 2*time.Minute); err != nil {
		return book, pay, 0, fmt.Errorf("jobs before booking only: %w", err)
	}
	bookBase := after.Add(24 * time.Hour)
	book, _ = measured(dbName, func() (Phase, error) {
		return runPhase(opts.Workers, 0, opts.PayBookings, func(i int) error {
			p, s, e := slot(bookBase, i)
			return bookFree(ctx, c, tokens[i%len(tokens)], stationID, p, s, e)
		}), nil
	})
	if err = payReady(ctx, db, srv, c, tokens); err != nil {
		return book, pay, 0, fmt.Errorf("cards: %w", err)
	}
	if err = quiesce(ctx, db, 2*time.Minute); err != nil {
		return book, pay, 0, fmt.Errorf("jobs before book-and-pay: %w", err)
	}
	payBase := bookBase.Add(time.Duration(opts.PayBookings/len(products)+48) * time.Hour)
	pay, err = measured(dbName, func() (Phase, error) {
		ph := runPhase(opts.Workers, 0, opts.PayBookings, func(i int) error {
			p, s, e := slot(payBase, i)
			return bookAndPay(ctx, c, tokens[i%len(tokens)], stationID, p, s, e)
		})
		var err error
		if paid, err = waitPaid(ctx, db, ph.Booked, time.Minute); err != nil {
			return ph, err
		}
		return ph, waitInvoiced(ctx, db, time.Minute)
	})
	return book, pay, paid, err
}

// measured runs a phase and sets its time and CPU (this process's and, on
// PostgreSQL, the run's database's) from its start until it returns.
// settle finishes, unmeasured, the database's work left over from the phase
// before (dead rows, statistics, dirty pages), so that it is not charged to
// the next phase.
func settle(ctx context.Context, db *store.DB) {
	var stmts []string
	if db.Dialect() == store.Postgres {
		stmts = []string{`VACUUM (ANALYZE) orders, order_lockers, order_price_lines, locker_codes`, `CHECKPOINT`}
	} else {
		stmts = []string{`PRAGMA wal_checkpoint(TRUNCATE)`}
	}
	for _, q := range stmts {
		_, _ = db.ExecContext(ctx, q) // a measuring aid: without it the figures are only noisier
	}
}

func measured(dbName string, run func() (Phase, error)) (Phase, error) {
	t0, cpu0, db0 := time.Now(), processCPU(), databaseCPU(dbName)
	ph, err := run()
	ph.Elapsed, ph.CPU, ph.DBCPU = time.Since(t0), processCPU()-cpu0, databaseCPU(dbName)-db0
	return ph, err
}
