package app

import (
	"context"
	"testing"

	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/demo"
	"lockers/internal/store"
)

// officeOn is what the CSV export tests stand on: the demo stations in db, the back office over
// them, and exec, which writes one fixture row (the rows an export reads, made directly).
func officeOn(t *testing.T, db *store.DB) (office *backoffice.Service, exec func(q string, args ...any)) {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	office, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, nil)})
	if err != nil {
		t.Fatal(err)
	}
	return office, func(q string, args ...any) {
		t.Helper()
		if _, err := db.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
}
