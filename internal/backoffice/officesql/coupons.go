package officesql

import (
	"context"
	"database/sql"

	"lockers/internal/backoffice"
	"lockers/internal/store"
)

// Packs lists every coupon pack with its usage, by code. Packs are few (an
// operator makes them by hand), so this list is not paged.
func (s *Store) Packs(ctx context.Context) ([]backoffice.PackRow, error) {
	rows, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.PackRow, error) {
		var (
			p               backoffice.PackRow
			station         sql.NullString
			until           sql.NullTime
			holders, remain int
		)
		err := r.Scan(&p.Code, &p.NameEN, &p.NameET, &p.FreeOrders, &station, &until, &holders, &remain)
		p.StationID, p.ValidUntil, p.Holders, p.Remaining = station.String, store.TimeOf(until), holders, remain
		p.Used = holders*p.FreeOrders - remain
		return p, err
	}, `SELECT p.code, p.name_en, p.name_et, p.free_orders, p.station_id, p.valid_until,
		count(uc.id), coalesce(sum(uc.remaining), 0)
		FROM coupon_packs p LEFT JOIN user_coupons uc ON uc.pack_code = p.code
		GROUP BY p.code, p.name_en, p.name_et, p.free_orders, p.station_id, p.valid_until ORDER BY p.code`)
	return rows, internal("packs", err)
}
