package officesql

import (
	"context"
	"time"

	"lockers/internal/account/accountsql"
	"lockers/internal/apperr"
	"lockers/internal/audit"
	"lockers/internal/audit/auditsql"
	"lockers/internal/backoffice"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/issue/issuesql"
	"lockers/internal/order/ordersql"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// InTx runs fn in one transaction with the owners' steps bound to it: the
// accounts' (accountsql), promotions' (promosql), orders' (ordersql),
// stations' (stationsql) and issues' (issuesql), the audit log (auditsql) and
// the read model, which sees the transaction's writes.
func (s *Store) InTx(ctx context.Context, fn func(backoffice.Tx) error) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		users, sessions := accountsql.InTx(tx)
		return fn(backoffice.Tx{
			Read:        txReads{s, tx},
			Users:       users,
			Sessions:    sessions,
			Coupons:     couponSteps{tx},
			Orders:      orderSteps{tx},
			Stations:    stationSteps{tx},
			Tariffs:     stationsql.TariffsIn(tx),
			Issues:      issuesql.InTx(tx),
			Audit:       auditLog{tx},
			Credentials: hardwaresql.CredentialsIn(tx),
			Txn:         tx,
		})
	})
}

// txReads is the read model inside a write's transaction.
type txReads struct {
	s  *Store
	tx *store.Tx
}

func (r txReads) UserRow(ctx context.Context, id string) (backoffice.UserRow, error) {
	return r.s.userRow(ctx, r.tx, id)
}

func (r txReads) LiveUser(ctx context.Context, id string) (backoffice.UserRow, error) {
	return r.s.liveUser(ctx, r.tx, id)
}

func (r txReads) OrderRow(ctx context.Context, id string) (backoffice.OrderRow, error) {
	return r.s.orderRow(ctx, r.tx, id)
}

func (r txReads) IssueDetail(ctx context.Context, id string) (backoffice.IssueDetail, error) {
	return r.s.issueDetail(ctx, r.tx, id)
}

func (r txReads) StationRow(ctx context.Context, id string) (backoffice.StationRow, error) {
	return r.s.stationRow(ctx, r.tx, id)
}

func (r txReads) Prices(ctx context.Context, stationID string) (backoffice.StationPrices, error) {
	return r.s.prices(ctx, r.tx, stationID)
}

func (r txReads) Compartment(ctx context.Context, stationID, id string) (station.CompartmentFields, error) {
	_, f, err := r.s.compartmentsIn(ctx, r.tx, stationID, id)
	return f, err
}

func (r txReads) Door(ctx context.Context, stationID, lockerID string) (string, string, error) {
	var label, door string
	err := r.tx.QueryRowContext(ctx, `SELECT label, door_state FROM lockers WHERE id = $1 AND station_id = $2`,
		lockerID, stationID).Scan(&label, &door)
	if err != nil {
		return "", "", notFound(err, apperr.LockerNotFound, "locker not found")
	}
	return label, door, nil
}

func (r txReads) PackExists(ctx context.Context, code string) (bool, error) {
	var n int
	err := r.tx.QueryRowContext(ctx, `SELECT count(*) FROM coupon_packs WHERE code = $1`, code).Scan(&n)
	return n > 0, err
}

func (r txReads) Lock(ctx context.Context, key string) error {
	if r.tx.Dialect() != store.Postgres {
		return nil
	}
	_, err := r.tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, "backoffice:"+key)
	return err
}

// couponSteps are the promotions store's steps in the transaction.
type couponSteps struct{ tx *store.Tx }

func (c couponSteps) InsertPack(ctx context.Context, p promo.Pack) (bool, error) {
	return promosql.InsertPack(ctx, c.tx, p)
}

func (c couponSteps) Return(ctx context.Context, couponID string) error {
	return promosql.Return(ctx, c.tx, couponID)
}

func (c couponSteps) Grant(ctx context.Context, userID, code, subject string, at time.Time) (bool, error) {
	return promosql.Grant(ctx, c.tx, userID, code, subject, at)
}

// orderSteps are the orders store's steps in the transaction.
type orderSteps struct{ tx *store.Tx }

func (o orderSteps) MarkDeleted(ctx context.Context, orderID string, at time.Time) (bool, string, error) {
	return ordersql.MarkDeleted(ctx, o.tx, orderID, at)
}

func (o orderSteps) MoveLocker(ctx context.Context, orderLockerID, from, to string, at time.Time) (bool, error) {
	return ordersql.MoveBooking(ctx, o.tx, orderLockerID, from, to, at)
}

func (o orderSteps) ReleaseHold(ctx context.Context, orderID string, at time.Time) (bool, error) {
	return ordersql.ReleaseHold(ctx, o.tx, orderID, at)
}

// stationSteps are the stations store's steps in the transaction.
type stationSteps struct{ tx *store.Tx }

func (st stationSteps) SaveStation(ctx context.Context, id string, f station.StationFields, insert bool, at time.Time) (bool, error) {
	return stationsql.SaveStation(ctx, st.tx, id, f, insert, at)
}

func (st stationSteps) SaveCompartment(ctx context.Context, id, stationID string, f station.CompartmentFields, insert bool, at time.Time) (bool, error) {
	ok, err := stationsql.SaveCompartment(ctx, st.tx, id, stationID, f, insert, at)
	if store.Violates(err, store.Unique) {
		return false, station.ErrLabelTaken
	}
	return ok, err
}

// auditLog is the audit log's writer (auditsql) in the transaction.
type auditLog struct{ tx *store.Tx }

func (a auditLog) Record(ctx context.Context, e audit.Entry) error {
	return auditsql.Record(ctx, a.tx, e)
}

func (a auditLog) ClaimRequest(ctx context.Context, key, action, targetID string, at time.Time) error {
	return auditsql.ClaimRequest(ctx, a.tx, key, action, targetID, at)
}
