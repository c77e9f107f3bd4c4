package cluster

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"lockers/internal/rpcclient"
)

// SoakOptions shape a soak run.
type SoakOptions struct {
	Duration  time.Duration // of the steady load
	Rate      float64       // journeys started per second
	SampleGap time.Duration // between resource samples
	StationID string
	Tokens    []string // users with free orders to book with
	DB        *sql.DB  // the cluster's database, for pg_stat_activity
	DBName    string
	Logf      func(format string, args ...any)
}

// Sample is one look at every process and the database.
type Sample struct {
	At         time.Duration
	RSS        []float64 // bytes per process
	Goroutines []float64
	FDs        []float64
	DBConns    int // pg_stat_activity rows of the database
}

// SoakReport is what a soak run measured.
type SoakReport struct {
	Journeys, Failed int
	Errors           map[string]int
	Latency          map[string][]time.Duration // per procedure, sorted
	Samples          []Sample
}

// Soak starts journeys at a steady rate for the duration (each on its own
// goroutine, so a slow answer does not slow the rate) and samples the
// processes' memory, goroutines and file descriptors and the database's
// connections meanwhile.
func Soak(ctx context.Context, cl *Cluster, o SoakOptions) SoakReport {
	rep := SoakReport{Errors: map[string]int{}, Latency: map[string][]time.Duration{}}
	var mu sync.Mutex
	observe := func(path string, d time.Duration, err error) {
		mu.Lock()
		defer mu.Unlock()
		rep.Latency[path] = append(rep.Latency[path], d)
		if err != nil {
			rep.Errors[path+": "+errorKind(err)]++
		}
	}
	start := time.Now()
	var wg sync.WaitGroup
	wg.Go(func() {
		for t := time.Duration(0); t <= o.Duration; t += o.SampleGap {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Until(start.Add(t))):
			}
			s := sample(ctx, cl, o, time.Since(start))
			mu.Lock()
			rep.Samples = append(rep.Samples, s)
			mu.Unlock()
			o.Logf("%s: rss %v MB, goroutines %v, fds %v, db connections %d", s.At.Round(time.Second),
				mb(s.RSS), s.Goroutines, s.FDs, s.DBConns)
		}
	})
	gap := time.Duration(float64(time.Second) / o.Rate)
	next := start
	for i := 0; time.Since(start) < o.Duration && ctx.Err() == nil; i++ {
		time.Sleep(time.Until(next))
		next = next.Add(gap)
		wg.Go(func() {
			ok := journey(ctx, cl, o, i, observe)
			mu.Lock()
			rep.Journeys++
			if !ok {
				rep.Failed++
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	for _, ds := range rep.Latency {
		slices.Sort(ds)
	}
	return rep
}

// journey is one person's visit, picked by i: mostly booking, some browsing,
// some signing up. It reports false when a step failed unexpectedly.
func journey(ctx context.Context, cl *Cluster, o SoakOptions, i int, observe func(string, time.Duration, error)) bool {
	c := rpcclient.New(cl.Base, fmt.Sprintf("127.0.%d.%d", 40+i/250%100, 1+i%250), 4)
	defer c.Close()
	c.Observe = observe
	token := o.Tokens[i%len(o.Tokens)]
	r := rand.New(rand.NewPCG(uint64(i), 11))
	switch i % 10 {
	case 0: // a new user
		_, err := cl.SignUp(ctx, c)
		return err == nil
	case 1, 2, 3: // browsing
		return c.Query(ctx, "station.list", "", nil, nil) == nil &&
			c.Query(ctx, "order.list", token, map[string]any{"scope": "active"}, nil) == nil &&
			c.Query(ctx, "coupon.list", token, nil, nil) == nil
	default: // availability, booking, then looking at the order
		start := time.Now().UTC().Truncate(time.Hour).Add(time.Duration(24+r.IntN(24*60)) * time.Hour)
		slot := Slot{Height: []string{"small", "big"}[r.IntN(2)], Temperature: []string{"cool", "neutral", "warm"}[r.IntN(3)],
			Start: start, End: start.Add(time.Duration(1+r.IntN(4)) * time.Hour)}
		if c.Query(ctx, "station.availability", "", map[string]any{"stationUuid": o.StationID,
			"start": slot.Start.Format(time.RFC3339), "end": slot.End.Format(time.RFC3339)}, nil) != nil {
			return false
		}
		id, err := BookFree(ctx, c, token, o.StationID, slot)
		if err != nil {
			return isTaken(err)
		}
		return c.Query(ctx, "order.get", token, map[string]any{"orderUuid": id}, nil) == nil
	}
}

func isTaken(err error) bool {
	ce, ok := err.(*rpcclient.CallError)
	return ok && ce.AppCode == "LOCKERS_NOT_AVAILABLE"
}

func errorKind(err error) string {
	if ce, ok := err.(*rpcclient.CallError); ok {
		if ce.Status == 0 {
			return "no answer"
		}
		return fmt.Sprintf("%d %s", ce.Status, ce.AppCode)
	}
	return "decode"
}

func sample(ctx context.Context, cl *Cluster, o SoakOptions, at time.Duration) Sample {
	s := Sample{At: at}
	for _, p := range cl.Procs {
		m, _ := p.Metrics(ctx)
		s.RSS = append(s.RSS, m["process_resident_memory_bytes"])
		s.Goroutines = append(s.Goroutines, m["go_goroutines"])
		s.FDs = append(s.FDs, m["process_open_fds"])
	}
	if o.DB != nil {
		_ = o.DB.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = $1`, o.DBName).Scan(&s.DBConns)
	}
	return s
}

func mb(bs []float64) []int {
	out := make([]int, len(bs))
	for i, b := range bs {
		out[i] = int(b / (1 << 20))
	}
	return out
}

// Flat checks that the resources did not grow: per process, the mean of
// the last third of the samples is within the given factor of the mean of
// the first third after warm-up (RSS, goroutines, file descriptors), and the
// database connections stay at most slack above their early peak. It
// returns the problems found.
func (r SoakReport) Flat(factor float64, slack int) []string {
	n := len(r.Samples)
	if n < 6 {
		return []string{fmt.Sprintf("only %d samples: run longer", n)}
	}
	early, late := r.Samples[1:1+n/3], r.Samples[n-n/3:]
	var problems []string
	for proc := range r.Samples[0].RSS {
		for _, series := range []struct {
			name string
			get  func(Sample) float64
		}{
			{"RSS", func(s Sample) float64 { return s.RSS[proc] }},
			{"goroutines", func(s Sample) float64 { return s.Goroutines[proc] }},
			{"open fds", func(s Sample) float64 { return s.FDs[proc] }},
		} {
			a, b := mean(early, series.get), mean(late, series.get)
			if b > a*factor {
				problems = append(problems, fmt.Sprintf("lockerd %d: %s grew from %.0f to %.0f", proc, series.name, a, b))
			}
		}
	}
	peak := 0
	for _, s := range early {
		peak = max(peak, s.DBConns)
	}
	for _, s := range late {
		if s.DBConns > peak+slack {
			problems = append(problems, fmt.Sprintf("database connections rose from a peak of %d to %d", peak, s.DBConns))
			break
		}
	}
	return problems
}

func mean(ss []Sample, get func(Sample) float64) float64 {
	sum := 0.0
	for _, s := range ss {
		sum += get(s)
	}
	return sum / float64(len(ss))
}

// Markdown is the report's table of latencies per procedure and its
// resource samples (first, middle, last).
func (r SoakReport) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "| procedure | calls | p50 | p99 |\n|---|---:|---:|---:|\n")
	names := make([]string, 0, len(r.Latency))
	for name := range r.Latency {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		ds := r.Latency[name]
		fmt.Fprintf(&b, "| %s | %d | %s | %s |\n", name, len(ds), pct(ds, 0.50), pct(ds, 0.99))
	}
	fmt.Fprintf(&b, "\n| at | RSS MB per process | goroutines | open fds | DB connections |\n|---|---|---|---|---:|\n")
	n := len(r.Samples)
	for _, i := range []int{min(1, n-1), n / 2, n - 1} {
		if i < 0 {
			continue
		}
		s := r.Samples[i]
		fmt.Fprintf(&b, "| %s | %v | %v | %v | %d |\n", s.At.Round(time.Second), mb(s.RSS), s.Goroutines, s.FDs, s.DBConns)
	}
	return b.String()
}

func pct(sorted []time.Duration, q float64) string {
	if len(sorted) == 0 {
		return "–"
	}
	d := sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
	return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
}
