// Package volume builds the SQL fragments of the back office's volume plan
// (internal/backoffice/officeseed): set-based INSERT ... SELECT over a number
// series (generate_series on PostgreSQL, a recursive CTE on SQLite), with ids
// derived from (run tag, kind, row number) so an order, its order locker,
// payment and event match without lookups. Each owning store writes its own
// tables' rows with them (its SeedVolume functions); the plan's formulas live
// here once, so the rows of different owners agree.
package volume

import (
	"fmt"

	"lockers/internal/store"
)

// Id kinds: the third group of a seeded id is 4 and this number.
const (
	KindStation = iota + 1
	KindLocker
	KindUser
	KindOrder
	KindOrderLocker
	KindPayment
	KindEvent
)

// Plan makes one run's fragments for one dialect.
type Plan struct {
	pg  bool
	tag string // four hex digits: the run
}

// New returns the plan of a run (tag: four hex digits) on dialect d.
func New(d store.Dialect, tag string) Plan { return Plan{pg: d == store.Postgres, tag: tag} }

// Tag is the run's tag.
func (p Plan) Tag() string { return p.tag }

// P is the n-th parameter (every statement is sent nine, Args).
func (p Plan) P(n int) string {
	if p.pg {
		return fmt.Sprintf("$%d::bigint", n)
	}
	return fmt.Sprintf("$%d", n)
}

// ID is the id of row number n (an SQL expression) of kind.
func (p Plan) ID(kind int, n string) string {
	if p.pg {
		return fmt.Sprintf(`(lpad(to_hex(%[1]s), 8, '0') || '-%[2]s-4%03[3]x-8000-' || lpad(to_hex(%[1]s), 12, '0'))::uuid`,
			n, p.tag, kind)
	}
	return fmt.Sprintf(`printf('%%08x-%s-4%03x-8000-%%012x', %[3]s, %[3]s)`, p.tag, kind, n)
}

// TS is the timestamp of sec (Unix seconds, an SQL expression).
func (p Plan) TS(sec string) string {
	if p.pg {
		return "to_timestamp(" + sec + ")"
	}
	return "strftime('%Y-%m-%d %H:%M:%S+00:00', " + sec + ", 'unixepoch')"
}

// Pad is n as text, zero-padded to w digits.
func (p Plan) Pad(n string, w int) string {
	if p.pg {
		return fmt.Sprintf("lpad((%s)::text, %d, '0')", n, w)
	}
	return fmt.Sprintf("printf('%%0%dd', %s)", w, n)
}

// True is the boolean true.
func (p Plan) True() string {
	if p.pg {
		return "true"
	}
	return "1"
}

// Series is insert (an INSERT INTO ... (columns)) of cols selected for every
// i from $1 to $2.
func (p Plan) Series(insert, cols string) string {
	if p.pg {
		// Every statement is sent all the parameters; PostgreSQL must know
		// the type of those a statement does not use.
		return "WITH params AS (SELECT $1::bigint, $2::bigint, $3::bigint, $4::bigint, $5::bigint, $6::bigint, " +
			"$7::bigint, $8::bigint, $9::bigint) " + insert + " SELECT " + cols +
			" FROM generate_series($1::bigint, $2::bigint) AS g(i)"
	}
	return "WITH RECURSIVE g(i) AS (SELECT CAST($1 AS INTEGER) UNION ALL SELECT i + 1 FROM g WHERE i < $2) " +
		insert + " SELECT " + cols + " FROM g"
}

// Args pads a statement's arguments to the nine every statement is sent.
func Args(args ...any) []any {
	for len(args) < 9 {
		args = append(args, 0)
	}
	return args
}

// The order plan. Order statements are sent $1-$2 order numbers, $3 start,
// $4 step, $5 stations, $6 compartments per station, $7 users, $8 now (all
// Unix seconds), $9 the longest rental in hours.
//
// Order number i (from 0) belongs to station i % S, its compartment number
// (i / S) % P there and user (i * 7919) % U; it is created at start + i*step
// and runs from an hour later for 1 + i % H hours (H is 48, or less when one
// compartment's turns come round faster). One in 20 is a hold that lapsed
// (unfinished: no locker, no payment); the rest were paid by payment link, are
// finalized when over and booked or active otherwise. One locker's rentals are
// S*P*step apart (87 h at every scale of officeseed.Full) and H keeps each
// shorter than that, so live order lockers never overlap.

// Created is order i's creation (Unix seconds).
func (p Plan) Created() string { return p.P(3) + " + i * " + p.P(4) }

// Starts is when order i's rental starts.
func (p Plan) Starts() string { return "(" + p.Created() + " + 3600)" }

// Ends is when order i's rental ends.
func (p Plan) Ends() string { return "(" + p.Starts() + " + 3600 * (1 + i % " + p.P(9) + "))" }

// K is order i's compartment number at its station.
func (p Plan) K() string { return "((i / " + p.P(5) + ") % " + p.P(6) + ")" }

// Station is order i's station id.
func (p Plan) Station() string { return p.ID(KindStation, "i % "+p.P(5)) }

// Locker is order i's compartment id.
func (p Plan) Locker() string { return p.ID(KindLocker, "(i % "+p.P(5)+") * "+p.P(6)+" + "+p.K()) }

// User is order i's user id.
func (p Plan) User() string { return p.ID(KindUser, "(i * 7919) % "+p.P(7)) }

// Amount is what order i cost, in cents.
func (p Plan) Amount() string { return "(100 + (i % 48) * 25)" }

// Lapsed is true for an order whose hold lapsed.
func (p Plan) Lapsed() string { return "i % 20 = 0" }

// Status is order i's status now ($8).
func (p Plan) Status() string {
	return "CASE WHEN " + p.Lapsed() + " THEN 'unfinished' WHEN " + p.Ends() + " <= " + p.P(8) + " THEN 'finalized' WHEN " +
		p.Starts() + " <= " + p.P(8) + " THEN 'active' ELSE 'booked' END"
}
