package store_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

const stationID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"

func TestMigrationsRunUpDownAndUpAgain(t *testing.T) {
	t.Parallel()
	storetest.EachURL(t, func(t *testing.T, url string) {
		t.Parallel() // the two engines' migrations side by side: the longest test of the package
		ctx := context.Background()
		db, err := store.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		versions, err := store.Versions(db.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			v, err := db.Migrate(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if v != versions[len(versions)-1] {
				t.Fatalf("schema version %d, want %d", v, versions[len(versions)-1])
			}
			if err := db.MigrateDown(ctx); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestBothDialectsHaveTheSameMigrations(t *testing.T) {
	t.Parallel()
	lite, err := store.Versions(store.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := store.Versions(store.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(lite, pg) || len(lite) == 0 {
		t.Fatalf("sqlite migrations %v, postgres %v", lite, pg)
	}
}

func TestConstraintViolationsAreRecognised(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		station := `INSERT INTO stations (id, name, address, city, latitude, longitude) VALUES ($1, 'S', 'A', 'Tallinn', 59.4, 24.7)`
		if _, err := db.ExecContext(ctx, station, stationID); err != nil {
			t.Fatal(err)
		}
		_, err := db.ExecContext(ctx, station, stationID)
		if !store.Violates(err, store.Unique) || store.Violates(err, store.Check) {
			t.Fatalf("duplicate id: %v is not reported as a unique violation", err)
		}
		locker := `INSERT INTO lockers (id, station_id, label, height, temperature, height_mm, width_mm, depth_mm)
			VALUES ($1, $2, 'A1', $3, 'cool', 300, 400, 500)`
		_, err = db.ExecContext(ctx, locker, "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "cccccccc-cccc-4ccc-8ccc-cccccccccccc", "small")
		if !store.Violates(err, store.ForeignKey) {
			t.Fatalf("unknown station: %v is not reported as a foreign key violation", err)
		}
		_, err = db.ExecContext(ctx, locker, "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", stationID, "huge")
		if !store.Violates(err, store.Check) {
			t.Fatalf("bad height: %v is not reported as a check violation", err)
		}
	})
}

func TestInTxRollsBackOnError(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := db.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO stations (id, name, address, city, latitude, longitude)
				VALUES ($1, 'S', 'A', 'Tallinn', 59.4, 24.7)`, stationID); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx returned %v, want the function's error", err)
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM stations WHERE id = $1`, stationID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatal("the insert survived a rolled-back transaction")
		}
	})
}

func TestPingAndDialect(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		if err := db.Ping(context.Background()); err != nil {
			t.Fatal(err)
		}
		if name := t.Name(); !(db.Dialect() == store.SQLite && strings.HasSuffix(name, "/sqlite") || db.Dialect() == store.Postgres && strings.HasSuffix(name, "/postgres")) {
			t.Fatalf("%s runs on dialect %s", name, db.Dialect())
		}
	})
}
