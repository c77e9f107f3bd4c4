package cluster

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"lockers/internal/rpcclient"
	"lockers/internal/seed"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

func TestMain(m *testing.M) {
	ChildMain()
	os.Exit(m.Run())
}

// Three lockerd processes on one PostgreSQL behind HAProxy (issue 18, "More
// than one machine"): the sign-up limit counts across processes, a session
// made through one process is valid on every one, and booking journeys
// through the balancer go on while one process is killed with SIGKILL: no
// locker is booked twice, no order acknowledged as booked is lost, and
// periodic work runs on one process only.
func TestThreeProcessesBehindHAProxy(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dbURL := storetest.PostgresURL(t)
	began := time.Now()
	cl, err := Start(ctx, Options{DatabaseURL: dbURL, Processes: 3, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Stop()
	defer func() {
		if t.Failed() {
			t.Log(cl.Logs())
		}
	}()
	t.Logf("three processes and the balancer serving after %s", time.Since(began).Round(time.Millisecond))
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	t.Run("sign-up limit counts across processes", func(t *testing.T) { signUpLimitShared(t, ctx, cl) })

	// Users, each from an address of their own, with free orders to spend.
	const users = 8
	tokens := make([]string, users)
	for i := range tokens {
		c := rpcclient.New(cl.Base, fmt.Sprintf("127.0.10.%d", i+1), 4)
		if tokens[i], err = cl.SignUp(ctx, c); err != nil {
			t.Fatalf("sign-up %d: %v", i, err)
		}
		c.Close()
	}
	if _, err := db.ExecContext(ctx, `UPDATE user_coupons SET remaining = 1000000`); err != nil {
		t.Fatal(err)
	}
	t.Run("sessions are valid on every process", func(t *testing.T) {
		for i, p := range cl.Procs {
			c := rpcclient.New("http://"+p.Addr, "", 4)
			if err := c.Query(ctx, "coupon.list", tokens[i%users], nil, nil); err != nil {
				t.Errorf("lockerd %d refused a session made through the balancer: %v", i, err)
			}
			var ce *rpcclient.CallError
			if err := c.Query(ctx, "coupon.list", tokens[i%users]+"x", nil, nil); !errors.As(err, &ce) || ce.AppCode != "UNAUTHORIZED" {
				t.Errorf("lockerd %d answered a made-up token with %v, want UNAUTHORIZED", i, err)
			}
			c.Close()
		}
	})

	t.Run("a session ended through one process ends on every one", func(t *testing.T) { signOutEverywhere(t, ctx, cl) })

	// Few lockers and few slots: the workers race for the same ones.
	stationID, err := seed.Load(ctx, db, 6, 0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	// Before the kill: the sweep's only run so far may be on the process
	// that is killed, and the next one is 30 s away.
	checkSweepExported(t, ctx, cl)
	res := bookUnderKill(t, ctx, cl, tokens, stationID)
	t.Logf("acknowledged %d orders (%d after the kill), %d refused as taken, %d without an answer, %d other errors",
		len(res.acked), res.ackedAfterKill, res.taken, res.noAnswer, len(res.failures))
	if len(res.acked) < 10 || res.ackedAfterKill < 3 {
		t.Fatalf("too few bookings to show anything: %d acknowledged, %d after the kill; errors: %v",
			len(res.acked), res.ackedAfterKill, res.failures)
	}
	if len(res.failures) > 0 {
		t.Errorf("answers other than booked, taken or no answer (the killed process's requests): %v", res.failures)
	}
	checkBooked(t, ctx, db, res.acked)
	checkNoOverlaps(t, ctx, db)
	checkPeriodicOnce(t, ctx, db, res.elapsed)
	checkOpsMetrics(t, ctx, cl)
}

// signOutEverywhere: each process keeps the sessions it has read
// (accountsql's session cache); signing out through one ends the session on it
// at once and on the others as soon as PostgreSQL tells them.
func signOutEverywhere(t *testing.T, ctx context.Context, cl *Cluster) {
	c := rpcclient.New(cl.Base, "127.0.10.99", 4)
	defer c.Close()
	token, err := cl.SignUp(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	clients := make([]*rpcclient.Client, len(cl.Procs))
	for i, p := range cl.Procs {
		clients[i] = rpcclient.New("http://"+p.Addr, "", 4)
		defer clients[i].Close()
		for range 2 { // the second call is answered from the process's copy
			if err := clients[i].Query(ctx, "coupon.list", token, nil, nil); err != nil {
				t.Fatalf("lockerd %d refused a new session: %v", i, err)
			}
		}
	}
	refused := func(i int) bool {
		var ce *rpcclient.CallError
		err := clients[i].Query(ctx, "coupon.list", token, nil, nil)
		return errors.As(err, &ce) && ce.AppCode == "UNAUTHORIZED"
	}
	if err := clients[0].Mutation(ctx, "auth.logout", token, nil, nil); err != nil {
		t.Fatal(err)
	}
	if !refused(0) {
		t.Fatal("the process that signed the session out still lets it in")
	}
	for i := 1; i < len(clients); i++ {
		deadline := time.Now().Add(2 * time.Second)
		for !refused(i) {
			if time.Now().After(deadline) {
				t.Fatalf("lockerd %d still lets a signed-out session in after 2 s", i)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// checkSweepExported: the process whose worker ran the order sweep (it runs
// on start, on one process) exports its success for the alert rules.
func checkSweepExported(t *testing.T, ctx context.Context, cl *Cluster) {
	deadline := time.Now().Add(20 * time.Second)
	for {
		for i, p := range cl.Procs {
			m, err := p.Metrics(ctx)
			if err != nil {
				t.Fatalf("lockerd %d /metrics: %v", i, err)
			}
			if m[`lockerd_job_last_success_timestamp_seconds{job="order.sweep"}`] > 0 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("no process exports a successful order.sweep run")
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// checkOpsMetrics: a surviving process exports the series the alert rules
// read from the database.
func checkOpsMetrics(t *testing.T, ctx context.Context, cl *Cluster) {
	for i, p := range cl.Procs {
		if !p.Alive() {
			continue
		}
		m, err := p.Metrics(ctx)
		if err != nil {
			t.Fatalf("lockerd %d /metrics: %v", i, err)
		}
		if v, ok := m["lockerd_ops_scrape_errors"]; !ok || v != 0 {
			t.Errorf("lockerd %d: lockerd_ops_scrape_errors = %v (present %v), want 0", i, v, ok)
		}
		if _, ok := m[`lockerd_stations{link="offline"}`]; !ok {
			t.Errorf("lockerd %d exports no lockerd_stations", i)
		}
	}
}

// signUpLimitShared sends sign-up steps from one address round robin to
// three processes: 60 of them, 20 per process, are within each process's
// own burst (30) but twice the shared one, so only the shared count refuses
// some.
func signUpLimitShared(t *testing.T, ctx context.Context, cl *Cluster) {
	c := rpcclient.New(cl.Base, "127.0.20.1", 4)
	defer c.Close()
	const tries, burst, every = 60, 30, 2 * time.Second
	start := time.Now()
	allowed, limited := 0, 0
	for i := range tries {
		err := c.Mutation(ctx, "auth.register", "", map[string]any{
			"email": fmt.Sprintf("limit-%d-%d@example.com", i, rand.Int()), "acceptTerms": true, "language": "en"}, nil)
		var ce *rpcclient.CallError
		switch {
		case err == nil:
			allowed++
		case errors.As(err, &ce) && ce.AppCode == "TOO_MANY_REQUESTS":
			limited++
		default:
			t.Fatalf("auth.register %d: %v", i, err)
		}
	}
	refills := int(time.Since(start) / every)
	if max := burst + refills + 1; allowed > max {
		t.Fatalf("%d of %d sign-up steps from one address allowed, want at most %d (burst %d + %d refills): the limit counts per process",
			allowed, tries, max, burst, refills)
	}
	if limited == 0 {
		t.Fatal("no sign-up step was refused")
	}
	served := 0
	for _, p := range cl.Procs {
		if n := callsOf(ctx, p, "auth.register"); n > 0 {
			served++
		}
	}
	if served != len(cl.Procs) {
		t.Fatalf("the balancer sent sign-ups to %d of %d processes", served, len(cl.Procs))
	}
}

type loadResult struct {
	acked          map[string]bool // order ids answered "booked"
	ackedAfterKill int
	taken          int // LOCKERS_NOT_AVAILABLE
	noAnswer       int // the connection broke: the killed process's requests
	failures       []string
	elapsed        time.Duration
}

// bookUnderKill runs booking journeys through the balancer for about 8 s
// and kills process 1 with SIGKILL after 3 s.
func bookUnderKill(t *testing.T, ctx context.Context, cl *Cluster, tokens []string, stationID string) loadResult {
	const workers = 8
	res := loadResult{acked: map[string]bool{}}
	var mu sync.Mutex
	base := time.Now().UTC().Truncate(time.Hour).Add(48 * time.Hour)
	start := time.Now()
	stop := start.Add(8 * time.Second)
	var killedAt time.Time
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			c := rpcclient.New(cl.Base, fmt.Sprintf("127.0.30.%d", w+1), 4)
			defer c.Close()
			r := rand.New(rand.NewPCG(uint64(w), 7))
			// Each worker has a token of its own and keeps to the per-token API
			// limit's rate (20 calls a second, services.go tokenLimit; a booking
			// is two): unpaced, the workers outran it once sessions were no
			// longer read from the database per call.
			pace := time.NewTicker(100 * time.Millisecond)
			defer pace.Stop()
			for time.Now().Before(stop) {
				<-pace.C
				slot := Slot{Height: []string{"small", "big"}[r.IntN(2)], Temperature: []string{"cool", "neutral", "warm"}[r.IntN(3)]}
				slot.Start = base.Add(time.Duration(r.IntN(14*24)) * time.Hour) // two weeks: the station never fills in 8 s
				slot.End = slot.Start.Add(time.Duration(1+r.IntN(3)) * time.Hour)
				id, err := BookFree(ctx, c, tokens[w%len(tokens)], stationID, slot)
				var ce *rpcclient.CallError
				mu.Lock()
				switch {
				case err == nil:
					res.acked[id] = true
					if !killedAt.IsZero() {
						res.ackedAfterKill++
					}
				case errors.As(err, &ce) && ce.AppCode == "LOCKERS_NOT_AVAILABLE":
					res.taken++
				case errors.As(err, &ce) && (ce.Status == 0 || ce.Status == 502 || ce.Status == 503):
					res.noAnswer++
				default:
					if len(res.failures) < 10 {
						res.failures = append(res.failures, err.Error())
					}
				}
				mu.Unlock()
			}
		})
	}
	time.Sleep(3 * time.Second)
	if err := cl.Kill(1); err != nil {
		t.Errorf("kill: %v", err)
	}
	mu.Lock()
	killedAt = time.Now()
	mu.Unlock()
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

// checkBooked: every acknowledged order is in the database, booked, with a
// live locker.
func checkBooked(t *testing.T, ctx context.Context, db *store.DB, acked map[string]bool) {
	rows, err := db.QueryContext(ctx, `SELECT o.id FROM orders o
		WHERE o.status = 'booked' AND EXISTS (SELECT 1 FROM order_lockers ol WHERE ol.order_id = o.id AND ol.live)`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	booked := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		booked[id] = true
	}
	var lost []string
	for id := range acked {
		if !booked[id] {
			lost = append(lost, id)
		}
	}
	if len(lost) > 0 {
		t.Errorf("%d acknowledged orders are not booked in the database: %s", len(lost), strings.Join(lost, ", "))
	}
}

// checkNoOverlaps: no locker has two live rentals at overlapping times.
func checkNoOverlaps(t *testing.T, ctx context.Context, db *store.DB) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM order_lockers x, order_lockers y
		WHERE x.locker_id = y.locker_id AND x.id < y.id AND x.live AND y.live
		AND x.starts_at < y.ends_at AND y.starts_at < x.ends_at`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n > 0 {
		t.Errorf("%d pairs of rentals share a locker at overlapping times", n)
	}
}

// checkPeriodicOnce: the order sweep ran once at start and then every 30 s
// among all processes, not once per process.
func checkPeriodicOnce(t *testing.T, ctx context.Context, db *store.DB, elapsed time.Duration) {
	var runs int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM river_job
		WHERE kind = 'periodic' AND args->>'name' = 'order.sweep'`).Scan(&runs); err != nil {
		t.Fatal(err)
	}
	if max := 2 + int(elapsed/(30*time.Second)); runs < 1 || runs > max {
		t.Errorf("order.sweep ran %d times in %s across three processes, want 1 to %d", runs, elapsed.Round(time.Second), max)
	}
}
