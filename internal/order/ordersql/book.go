package ordersql

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"

	"github.com/google/uuid"

	"lockers/internal/order"
	"lockers/internal/station"
	"lockers/internal/store"
)

// candidate is a free locker with what the order needs to show it, so Book can
// return the order without reading it back.
type candidate struct {
	id, label string
	dims      station.Dimensions
}

// Book inserts the order and gives each of its lockers a free compartment of the
// product, all or nothing.
//
// The free-locker list only proposes candidates. Who gets a compartment is
// decided by the database when the order_lockers row goes in: on PostgreSQL the
// exclusion constraint makes a competing insert wait for the first transaction
// and then do nothing (ON CONFLICT DO NOTHING), so the loser moves on to the next
// candidate and fails with ErrNoLockers when none is left; on SQLite the overlap
// trigger refuses a taken locker, and the transaction holds the single write
// lock from BEGIN IMMEDIATE, so a list read inside it is exact.
//
// PostgreSQL, one locker: bookAtOnce first tries the whole booking in one
// statement (every statement is a round trip to the server); the transaction
// below runs only when it found nothing free or lost its locker to a concurrent
// booking.
//
// SQLite: a free locker (all of them for a multi-locker order) is first looked
// up before the transaction, on the read pool, so that the writer connection
// everyone queues for is held for the writes only. That answer may be a moment
// old: when its locker turns out taken, or there are too few, the list is read
// again inside the transaction, where it is exact, so ErrNoLockers is still
// only decided on an exact list. The writes go through store.Group: bookings
// waiting for the writer share one transaction, each in its own savepoint.
func (s *Store) Book(ctx context.Context, b order.Booking) (order.Order, error) {
	o := b.Order
	err := s.book(ctx, &o)
	if store.Violates(err, store.Unique) && o.IdempotencyKey != "" {
		return order.Order{}, order.ErrDuplicateKey
	}
	if codeTaken(err) {
		return order.Order{}, order.ErrCodeTaken
	}
	if err != nil {
		return order.Order{}, err
	}
	// The order is returned as built rather than read back (four statements
	// fewer per booking). Its lockers are already in Get's label order: a
	// multi-locker order takes candidates in the database's label order.
	return o, nil
}

func (s *Store) book(ctx context.Context, o *order.Order) error {
	if s.db.Dialect() == store.Postgres {
		if len(o.Lockers) == 1 {
			if ok, err := bookAtOnce(ctx, s.db, o); ok || err != nil {
				return err
			}
		}
		return s.db.InTx(ctx, func(tx *store.Tx) error { return insertBooking(ctx, tx, o, nil, false) })
	}
	early, err := earlyCandidates(ctx, s.db.Prepared(), *o)
	if err != nil {
		return err
	}
	return s.group.Run(ctx, s.db, func(ctx context.Context, tx *store.Tx) error {
		return insertBooking(ctx, tx, o, early, true)
	})
}

// insertBooking inserts the order, its lockers and its price lines in tx.
// early says whether cands was read before the transaction; if not, the list
// is read here.
func insertBooking(ctx context.Context, tx *store.Tx, o *order.Order, cands []candidate, early bool) (err error) {
	q := tx.Prepared() // every booking runs these statements: keep them parsed (SQLite)
	if _, err = q.ExecContext(ctx, orderInsert, orderArgs(*o)...); err != nil {
		return err
	}
	if !early {
		if cands, err = candidates(ctx, q, *o); err != nil {
			return err
		}
	}
	next := 0
	for i := range o.Lockers {
		for got := false; !got; {
			if next == len(cands) {
				if !early {
					return order.ErrNoLockers
				}
				// The early answer ran out or is out of date: read the
				// list again, exactly this time.
				if cands, err = candidates(ctx, q, *o); err != nil {
					return err
				}
				next, early = 0, false
				continue
			}
			if got, err = insertLocker(ctx, tx, o.ID, &o.Lockers[i], cands[next]); err != nil {
				return err
			}
			next++
			if !got && early {
				next = len(cands)
			}
		}
	}
	return addLines(ctx, q, o.ID, o.Lines)
}

// orderInsert inserts an order; its first six parameters are freeLocker's own,
// so that bookAtOnce can use both with one argument list.
const orderInsert = `INSERT INTO orders (station_id, height, type, temperature, starts_at, ends_at,
		id, user_id, status, reserved_until, user_coupon_id, coupon_used, idempotency_key, created_at, updated_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`

func orderArgs(o order.Order) []any {
	return append(candidateArgs(o), o.ID, o.UserID, string(o.Status), o.ReservedUntil.UTC(), couponID(o),
		o.CouponUsed, store.NullString(o.IdempotencyKey), o.CreatedAt.UTC(), o.UpdatedAt.UTC())
}

// freeLockersOfProduct selects the product's in-service lockers with no live
// booking in the order's timeframe (parameters: candidateArgs), unordered.
const freeLockersOfProduct = `SELECT l.id, l.label, l.height_mm, l.width_mm, l.depth_mm FROM lockers l
	WHERE l.station_id = $1 AND l.height = $2 AND l.type = $3 AND l.temperature = $4 AND l.state = 'available'
	  AND NOT EXISTS (SELECT 1 FROM order_lockers ol
		WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $5 AND ol.starts_at < $6)`

// freeLockers lists them by label.
const freeLockers = freeLockersOfProduct + `
	ORDER BY l.label`

// freeLocker is one free locker picked at random (parameters: candidateArgs),
// for PostgreSQL's bookAtOnce; SQLite's early pick uses the cheaper
// freeLockerFrom. The product's lockers are shuffled first and probed for
// bookings one by one until a free one turns up, usually the first: listing
// the free ones would probe every locker of the product. MATERIALIZED keeps
// both engines from merging the shuffle into the outer query, which would
// probe them all again.
const freeLocker = `WITH shuffled AS MATERIALIZED (
		SELECT l.id, l.label, l.height_mm, l.width_mm, l.depth_mm FROM lockers l
		WHERE l.station_id = $1 AND l.height = $2 AND l.type = $3 AND l.temperature = $4 AND l.state = 'available'
		ORDER BY random())
	SELECT l.id, l.label, l.height_mm, l.width_mm, l.depth_mm FROM shuffled l
	WHERE NOT EXISTS (SELECT 1 FROM order_lockers ol
		WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $5 AND ol.starts_at < $6)
	LIMIT 1`

func candidateArgs(o order.Order) []any {
	return []any{o.Station.ID, o.Product.Height, o.Product.Type, o.Product.Temperature, o.Start.UTC(), o.End.UTC()}
}

func couponID(o order.Order) any {
	if o.Coupon == nil {
		return nil
	}
	return o.Coupon.ID
}

// earlyCandidates is Book's list read before the transaction (SQLite): one
// free locker for a one-locker order (freeLockerFrom a random point), else all
// of them.
func earlyCandidates(ctx context.Context, q store.Querier, o order.Order) ([]candidate, error) {
	if len(o.Lockers) != 1 {
		return candidates(ctx, q, o)
	}
	var c candidate
	err := q.QueryRowContext(ctx, freeLockerFrom, append(candidateArgs(o), uuid.NewString())...).
		Scan(&c.id, &c.label, &c.dims.HeightMM, &c.dims.WidthMM, &c.dims.DepthMM)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return []candidate{c}, err
}

// freeLockerFrom is freeLocker without the shuffle (parameters: candidateArgs
// and a random UUID): the first free locker of the product in ID order at or
// after the random UUID, else the first before it. The product index
// (lockers_product_state_idx) keeps the lockers in ID order, so the probe stops
// at the first free one without sorting anything; shuffling in a materialized
// table took twice as long (about 40 against 20 µs a call, warm). A random
// starting point spreads concurrent bookings over the free lockers like the
// shuffle, if not quite evenly (a locker after a wide gap in ID order, or after
// taken ones, comes up more often). The outer LIMIT stops before the second
// half runs when the first found one.
const freeLockerFrom = `SELECT * FROM (` + freeLockersOfProduct + ` AND l.id >= $7 ORDER BY l.id LIMIT 1) AS after_start
	UNION ALL
	SELECT * FROM (` + freeLockersOfProduct + ` AND l.id < $7 ORDER BY l.id LIMIT 1) AS before_start
	LIMIT 1`

// candidates lists the free lockers by label. A one-locker order starts at a
// random place in the list so that concurrent bookings spread over the free
// lockers instead of all queueing for the first; multi-locker orders keep label
// order so two of them always take lockers in the same order and cannot
// deadlock.
func candidates(ctx context.Context, q store.Querier, o order.Order) ([]candidate, error) {
	rows, err := q.QueryContext(ctx, freeLockers, candidateArgs(o)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.id, &c.label, &c.dims.HeightMM, &c.dims.WidthMM, &c.dims.DepthMM); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(o.Lockers) == 1 && len(out) > 1 {
		k := rand.IntN(len(out))
		out = append(out[k:], out[:k]...)
	}
	return out, nil
}

// insertLocker tries to book c for the order locker l; false when another
// booking holds it (PostgreSQL: the exclusion constraint's DO NOTHING; SQLite:
// the overlap trigger, which aborts only this statement).
func insertLocker(ctx context.Context, tx *store.Tx, orderID string, l *order.Locker, c candidate) (bool, error) {
	var id string
	err := tx.Prepared().QueryRowContext(ctx, `INSERT INTO order_lockers
			(id, order_id, locker_id, status, delivery_code, picking_code, starts_at, ends_at, live)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true)
		ON CONFLICT DO NOTHING RETURNING id`,
		l.ID, orderID, c.id, l.Status, l.DeliveryCode, l.PickingCode, l.Start.UTC(), l.End.UTC()).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) || overlap(err) && tx.Dialect() == store.SQLite {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	l.LockerID, l.Label, l.Dimensions = c.id, c.label, c.dims
	return true, nil
}
