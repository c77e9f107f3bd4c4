// Package officeseed writes the back office's demo and benchmark volume
// (issue 15): many users, stations, compartments and years of orders with
// their order lockers, payments and events. `lockerd seed-load` (no
// arguments) and the back office benchmark use it.
//
// Every table is filled with set-based INSERT ... SELECT over a number series
// (generate_series on PostgreSQL, a recursive CTE on SQLite), in batches of
// orders per transaction, so a million orders take minutes, not hours. Ids are
// derived from (run tag, kind, row number), so an order, its order locker,
// payment and event match without lookups, and two runs do not collide.
package officeseed

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"lockers/internal/store"
)

// Volume is what to create.
type Volume struct {
	Users, Stations, Compartments, Orders int
	Span                                  time.Duration // orders' creation times spread over [End-Span, End)
	End                                   time.Time
	Batch                                 int // orders per transaction (default 50,000)
}

// Full is issue 15's volume: 100,000 users, 200 stations, 5,000 compartments
// and 1,000,000 orders over two years.
func Full(end time.Time) Volume {
	return Volume{Users: 100_000, Stations: 200, Compartments: 5_000, Orders: 1_000_000,
		Span: 2 * 365 * 24 * time.Hour, End: end}
}

// Scaled is Full with every count times f (at least one of each).
func Scaled(end time.Time, f float64) Volume {
	v := Full(end)
	sc := func(n int) int { return max(1, int(float64(n)*f)) }
	v.Users, v.Stations, v.Compartments, v.Orders = sc(v.Users), sc(v.Stations), sc(v.Compartments), sc(v.Orders)
	v.Compartments = max(v.Compartments, v.Stations)
	return v
}

// Id kinds: the third group of a seeded id is 4 and this number.
const (
	kindStation = iota + 1
	kindLocker
	kindUser
	kindOrder
	kindOrderLocker
	kindPayment
	kindEvent
)

// Load writes v and reports progress to progress (may be nil).
func Load(ctx context.Context, db *store.DB, v Volume, progress func(done, total int)) error {
	if v.Users < 1 || v.Stations < 1 || v.Compartments < v.Stations || v.Orders < 0 || v.Span <= 0 {
		return fmt.Errorf("officeseed: need users, stations, at least one compartment per station and a span")
	}
	if v.Batch <= 0 {
		v.Batch = 50_000
	}
	b := make([]byte, 2)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	q := queries(db.Dialect(), hex.EncodeToString(b))
	end := v.End.UTC().Truncate(time.Second)
	start := end.Add(-v.Span).Unix()
	step := max(int64(v.Span/time.Second)/int64(max(v.Orders, 1)), 1)
	perStation := v.Compartments / v.Stations
	// A compartment's turn comes every stations*perStation orders; a rental
	// (starting an hour after its order) must end before the next one starts.
	hours := min(int64(48), int64(v.Stations*perStation)*step/3600-2)
	if hours < 1 {
		return fmt.Errorf("officeseed: too many orders for the compartments in the span")
	}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		var before int64
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users`).Scan(&before); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, q.stations, nine(0, v.Stations-1, start)...); err != nil {
			return fmt.Errorf("stations: %w", err)
		}
		if _, err := tx.ExecContext(ctx, q.lockers, nine(0, v.Stations*perStation-1, perStation, start)...); err != nil {
			return fmt.Errorf("lockers: %w", err)
		}
		for lo := 0; lo < v.Users; lo += 100_000 {
			if _, err := tx.ExecContext(ctx, q.users, nine(lo, min(lo+100_000, v.Users)-1, start,
				int64(v.Span/time.Second)/int64(v.Users), before)...); err != nil {
				return fmt.Errorf("users: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("officeseed: %w", err)
	}
	for lo := 0; lo < v.Orders; lo += v.Batch {
		hi := min(lo+v.Batch, v.Orders) - 1
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for _, s := range []struct{ name, sql string }{{"orders", q.orders}, {"order lockers", q.orderLockers},
				{"payments", q.payments}, {"events", q.events}} {
				if _, err := tx.ExecContext(ctx, s.sql, lo, hi, start, step, v.Stations, perStation, v.Users,
					end.Unix(), hours); err != nil {
					return fmt.Errorf("%s: %w", s.name, err)
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("officeseed: orders %d-%d: %w", lo, hi, err)
		}
		if progress != nil {
			progress(hi+1, v.Orders)
		}
	}
	if db.Dialect() == store.SQLite {
		_, err = db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
		return err
	}
	_, err = db.ExecContext(ctx, `ANALYZE`)
	return err
}

// nine pads a statement's arguments to the nine every statement is sent.
func nine(args ...any) []any {
	for len(args) < 9 {
		args = append(args, 0)
	}
	return args
}

// statements are the INSERTs of one dialect.
type statements struct {
	stations, lockers, users               string
	orders, orderLockers, payments, events string
}

// queries builds the statements for dialect d and run tag (four hex digits).
//
// Order number i (from 0) belongs to station i % S, its compartment number
// (i / S) % P there and user (i * 7919) % U; it is created at start + i*step
// and runs from an hour later for 1 + i % H hours (H is 48, or less when one
// compartment's turns come round faster). One in 20 is a hold that
// lapsed (unfinished: no locker, no payment); the rest were paid by payment
// link, are finalized when over and booked or active otherwise. One locker's
// rentals are S*P*step apart (87 h at every scale of Full) and H keeps each
// shorter than that, so live order lockers never overlap.
func queries(d store.Dialect, tag string) statements {
	pg := d == store.Postgres
	p := func(n int) string {
		if pg {
			return fmt.Sprintf("$%d::bigint", n)
		}
		return fmt.Sprintf("$%d", n)
	}
	id := func(kind int, n string) string {
		if pg {
			return fmt.Sprintf(`(lpad(to_hex(%[1]s), 8, '0') || '-%[2]s-4%03[3]x-8000-' || lpad(to_hex(%[1]s), 12, '0'))::uuid`,
				n, tag, kind)
		}
		return fmt.Sprintf(`printf('%%08x-%s-4%03x-8000-%%012x', %[3]s, %[3]s)`, tag, kind, n)
	}
	ts := func(sec string) string {
		if pg {
			return "to_timestamp(" + sec + ")"
		}
		return "strftime('%Y-%m-%d %H:%M:%S+00:00', " + sec + ", 'unixepoch')"
	}
	pad := func(n string, w int) string {
		if pg {
			return fmt.Sprintf("lpad((%s)::text, %d, '0')", n, w)
		}
		return fmt.Sprintf("printf('%%0%dd', %s)", w, n)
	}
	series := func(insert, cols string) string {
		if pg {
			// Every statement is sent all the parameters; PostgreSQL must know
			// the type of those a statement does not use.
			return "WITH params AS (SELECT $1::bigint, $2::bigint, $3::bigint, $4::bigint, $5::bigint, $6::bigint, " +
				"$7::bigint, $8::bigint, $9::bigint) " + insert + " SELECT " + cols +
				" FROM generate_series($1::bigint, $2::bigint) AS g(i)"
		}
		return "WITH RECURSIVE g(i) AS (SELECT CAST($1 AS INTEGER) UNION ALL SELECT i + 1 FROM g WHERE i < $2) " +
			insert + " SELECT " + cols + " FROM g"
	}
	truth := "true"
	if !pg {
		truth = "1"
	}
	var s statements
	s.stations = series(`INSERT INTO stations (id, name, address, city, latitude, longitude, active, link_state,
		last_seen_at, created_at, updated_at)`, id(kindStation, "i")+`, 'Load station '||i, 'Laadimise tn '||(i+1),
		CASE i % 4 WHEN 0 THEN 'Tallinn' WHEN 1 THEN 'Tartu' WHEN 2 THEN 'Pärnu' ELSE 'Narva' END,
		58.0 + (i % 100) * 0.015, 23.5 + (i % 100) * 0.03, `+truth+`,
		CASE WHEN i % 10 = 0 THEN 'offline' ELSE 'online' END, `+ts(p(3))+`, `+ts(p(3)+" - 86400 + i")+`, `+ts(p(3)))
	// $3 compartments per station.
	s.lockers = series(`INSERT INTO lockers (id, station_id, label, height, type, temperature, height_mm, width_mm,
		depth_mm, door_state, created_at, updated_at)`, id(kindLocker, "i")+`, `+id(kindStation, "i / "+p(3))+`,
		'C'||`+pad("i % "+p(3), 3)+`, CASE WHEN (i % `+p(3)+`) % 2 = 0 THEN 'small' ELSE 'big' END, 'standard',
		CASE (i % `+p(3)+`) % 3 WHEN 0 THEN 'cool' WHEN 1 THEN 'neutral' ELSE 'warm' END,
		CASE WHEN (i % `+p(3)+`) % 2 = 0 THEN 360 ELSE 740 END, 440, 600, 'closed', `+ts(p(4))+`, `+ts(p(4)))
	// $3 start, $4 seconds between users' sign-ups, $5 users before this run
	// (phones are unique: 59 and the user's number over all runs).
	s.users = series(`INSERT INTO users (id, email, first_name, last_name, phone_prefix, phone, phone_verified_at,
		language, verified_at, terms_accepted_at, created_at, updated_at)`, id(kindUser, "i")+`,
		'user'||i||'.`+tag+`@example.com',
		CASE i % 8 WHEN 0 THEN 'Mari' WHEN 1 THEN 'Jaan' WHEN 2 THEN 'Kadri' WHEN 3 THEN 'Peeter' WHEN 4 THEN 'Liis'
			WHEN 5 THEN 'Andres' WHEN 6 THEN 'Kertu' ELSE 'Tiit' END,
		CASE i % 6 WHEN 0 THEN 'Tamm' WHEN 1 THEN 'Saar' WHEN 2 THEN 'Sepp' WHEN 3 THEN 'Mägi' WHEN 4 THEN 'Kask'
			ELSE 'Rebane' END,
		'+372', '59'||`+pad(p(5)+" + i", 7)+`, `+ts(p(3)+" + i * "+p(4))+`, CASE WHEN i % 3 = 0 THEN 'en' ELSE 'et' END,
		`+ts(p(3)+" + i * "+p(4))+`, `+ts(p(3)+" + i * "+p(4))+`, `+ts(p(3)+" + i * "+p(4))+`,
		`+ts(p(3)+" + i * "+p(4)))

	// Order statements: $1-$2 order numbers, $3 start, $4 step, $5 stations,
	// $6 compartments per station, $7 users, $8 now (all Unix seconds).
	created := p(3) + " + i * " + p(4)
	starts := "(" + created + " + 3600)"
	ends := "(" + starts + " + 3600 * (1 + i % " + p(9) + "))"
	k := "((i / " + p(5) + ") % " + p(6) + ")"
	locker := id(kindLocker, "(i % "+p(5)+") * "+p(6)+" + "+k)
	user := id(kindUser, "(i * 7919) % "+p(7))
	amount := "(100 + (i % 48) * 25)"
	lapsed := "i % 20 = 0"
	status := "CASE WHEN " + lapsed + " THEN 'unfinished' WHEN " + ends + " <= " + p(8) + " THEN 'finalized' WHEN " +
		starts + " <= " + p(8) + " THEN 'active' ELSE 'booked' END"
	s.orders = series(`INSERT INTO orders (id, user_id, station_id, status, height, type, temperature, starts_at,
		ends_at, reserved_until, confirmed_at, paid_cents, payment_state, created_at, updated_at)`,
		id(kindOrder, "i")+`, `+user+`, `+id(kindStation, "i % "+p(5))+`, `+status+`,
		CASE WHEN `+k+` % 2 = 0 THEN 'small' ELSE 'big' END, 'standard',
		CASE `+k+` % 3 WHEN 0 THEN 'cool' WHEN 1 THEN 'neutral' ELSE 'warm' END,
		`+ts(starts)+`, `+ts(ends)+`, `+ts(created+" + 900")+`,
		CASE WHEN `+lapsed+` THEN NULL ELSE `+ts(created+" + 60")+` END,
		CASE WHEN `+lapsed+` THEN 0 ELSE `+amount+` END, CASE WHEN `+lapsed+` THEN NULL ELSE 'paid' END,
		`+ts(created)+`, `+ts(created+" + 120"))
	s.orderLockers = series(`INSERT INTO order_lockers (id, order_id, locker_id, status, delivery_code, picking_code,
		starts_at, ends_at, delivery_used_at, picking_used_at, live)`,
		id(kindOrderLocker, "i")+`, `+id(kindOrder, "i")+`, `+locker+`,
		CASE WHEN `+ends+` <= `+p(8)+` THEN 'picked' ELSE 'booked' END,
		`+pad("(i * 7) % 1000000", 6)+`, `+pad("(i * 7 + 1) % 1000000", 6)+`, `+ts(starts)+`, `+ts(ends)+`,
		CASE WHEN `+ends+` <= `+p(8)+` THEN `+ts(starts)+` END, CASE WHEN `+ends+` <= `+p(8)+` THEN `+ts(ends)+` END,
		`+truth) + " WHERE NOT (" + lapsed + ")"
	s.payments = series(`INSERT INTO payments (id, user_id, order_id, kind, flow, provider, idempotency_key,
		amount_cents, vat_cents, currency, lines, state, created_at, updated_at, paid_at, invoiced_at)`,
		id(kindPayment, "i")+`, `+user+`, `+id(kindOrder, "i")+`, 'order', 'link', 'demo',
		'seed-`+tag+`-'||i, `+amount+`, (`+amount+` * 24 + 62) / 124, 'EUR', '[]', 'paid',
		`+ts(created+" + 60")+`, `+ts(created+" + 120")+`, `+ts(created+" + 120")+`, `+ts(created+" + 120")) +
		" WHERE NOT (" + lapsed + ")"
	s.events = series(`INSERT INTO events (id, type, user_id, source, campaign, created_at)`,
		id(kindEvent, "i")+`, CASE WHEN i % 3 = 0 THEN 'station_viewed' WHEN i % 3 = 1 THEN 'order_started'
		ELSE 'order_paid' END, `+user+`, CASE WHEN i % 2 = 0 THEN 'app' ELSE 'web' END, '', `+ts(created))
	return s
}
