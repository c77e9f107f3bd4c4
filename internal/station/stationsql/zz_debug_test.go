package stationsql_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/order/ordersql"
	"lockers/internal/store/storetest"
)

func TestZZTime(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	now := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	t0 := time.Now()
	id, err := ordersql.SeedLoad(ctx, db, 200, 100000, now)
	if err != nil {
		t.Fatal(err)
	}
	t.Log("seed", time.Since(t0))
	show := func(query string, args ...any) {
		rows, err := db.QueryContext(ctx, query, args...)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			rows.Scan(ptrs...)
			t.Log(vals...)
		}
		rows.Close()
	}
	q := func(name, query string, args ...any) {
		t0 := time.Now()
		for range 100 {
			rows, err := db.QueryContext(ctx, query, args...)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
			}
			rows.Close()
		}
		t.Log(name, time.Since(t0)/100)
	}
	a, b := now.Add(time.Hour), now.Add(25*time.Hour)
	free := `SELECT l.height, l.type, l.temperature, count(*)
		FROM lockers l
		WHERE l.station_id = $1 AND l.state = 'available'
		  AND NOT EXISTS (SELECT 1 FROM order_lockers ol
			WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $2 AND ol.starts_at < $3)
		GROUP BY l.height, l.type, l.temperature`
	db.ExecContext(ctx, "ANALYZE")
	show("EXPLAIN QUERY PLAN "+free, id, a, b)
	q("free", free, id, a, b)
	q("free no starts", `SELECT l.height, l.type, l.temperature, count(*)
		FROM lockers l
		WHERE l.station_id = $1 AND l.state = 'available'
		  AND NOT EXISTS (SELECT 1 FROM order_lockers ol
			WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $2)
		GROUP BY l.height, l.type, l.temperature`, id, a)
	q("probe with starts", `SELECT count(*) FROM lockers l WHERE l.station_id = $1 AND NOT EXISTS (SELECT 1 FROM order_lockers ol WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $2 AND ol.starts_at < $3)`, id, a, b)
	q("probe", `SELECT count(*) FROM lockers l WHERE l.station_id = $1 AND NOT EXISTS (SELECT 1 FROM order_lockers ol WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $2)`, id, a)
	q("free again", free, id, a, b)
	q("probe no live", `SELECT count(*) FROM lockers l WHERE l.station_id = $1 AND NOT EXISTS (SELECT 1 FROM order_lockers ol WHERE ol.locker_id = l.id AND ol.ends_at > $2)`, id, a)
}
