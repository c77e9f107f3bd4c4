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
	"lockers/internal/promo/promosql"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// InTx runs fn in one transaction with the owners' steps bound to it: the
// accounts' (accountsql), promotions' (promosql), orders' (ordersql),
// stations' (stationsql) and issues' (issuesql), the audit log (auditsql) and
// the read model, which sees the transaction's writes. The orders', stations'
// and promotions' steps are their domains' ports (order.OperatorSteps,
// station.AdminSteps, promo.AdminSteps), used through the domains' rules.
func (s *Store) InTx(ctx context.Context, fn func(backoffice.Tx) error) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		users, sessions := accountsql.InTx(tx)
		return fn(backoffice.Tx{
			Read:        txReads{s, tx},
			Users:       users,
			Sessions:    sessions,
			Coupons:     promosql.AdminIn(tx),
			Orders:      ordersql.OperatorIn(tx),
			Stations:    stationsql.AdminIn(tx),
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

func (r txReads) Lock(ctx context.Context, key string) error {
	if r.tx.Dialect() != store.Postgres {
		return nil
	}
	_, err := r.tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, "backoffice:"+key)
	return err
}

// auditLog is the audit log's writer (auditsql) in the transaction.
type auditLog struct{ tx *store.Tx }

func (a auditLog) Record(ctx context.Context, e audit.Entry) error {
	return auditsql.Record(ctx, a.tx, e)
}

func (a auditLog) ClaimRequest(ctx context.Context, key, action, targetID string, at time.Time) error {
	return auditsql.ClaimRequest(ctx, a.tx, key, action, targetID, at)
}
