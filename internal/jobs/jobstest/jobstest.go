// Package jobstest gives tests databases that already have River's job tables:
// copies of a template migrated once with the store's migrations and jobs.Migrate
// (storetest.Extra), instead of running River's migrations on every database, which
// under -race cost about as much as the rest of a small test. Code under test that
// runs jobs.Migrate itself (lockerd's start) finds nothing left to do.
package jobstest

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"lockers/internal/jobs"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// Extra is jobs.Migrate as a storetest.Extra, keyed by a hash of River's migrations
// for both engines, so a River upgrade that changes them gets a template of its own.
var Extra = storetest.Extra{Key: riverKey(), Migrate: jobs.Migrate}

func riverKey() string {
	h := sha256.New()
	for _, d := range []riverdriver.Driver[*sql.Tx]{riversqlite.New(nil), riverdatabasesql.New(nil)} {
		m, err := rivermigrate.New(d, nil)
		if err != nil {
			panic(fmt.Sprintf("jobstest: River's migrations: %v", err))
		}
		for _, v := range m.AllVersions() {
			fmt.Fprintf(h, "%d\x00%s\x00", v.Version, v.SQLUp)
		}
	}
	return "river " + hex.EncodeToString(h.Sum(nil))[:16]
}

// EachMigratedURL is storetest.EachMigratedURL with River's tables in the database.
func EachMigratedURL(t *testing.T, fn func(t *testing.T, databaseURL string)) {
	t.Helper()
	storetest.EachExtraURL(t, Extra, fn)
}

// SQLiteURL is storetest.MigratedSQLiteURL with River's tables in the database.
func SQLiteURL(t testing.TB) string {
	t.Helper()
	return storetest.ExtraSQLiteURL(t, Extra)
}

// PostgresURL is storetest.MigratedPostgresURL with River's tables in the database.
func PostgresURL(t testing.TB) string {
	t.Helper()
	return storetest.ExtraPostgresURL(t, Extra)
}

// Each is storetest.Each with River's tables in both databases.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	EachMigratedURL(t, func(t *testing.T, url string) { fn(t, storetest.Open(t, url)) })
}
