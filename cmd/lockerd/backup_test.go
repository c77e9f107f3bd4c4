package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"lockers/internal/demo"
	"lockers/internal/jobs/jobstest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// `lockerd backup FILE` then `lockerd restore FILE` bring back the demo
// stations after the database lost them; on PostgreSQL both point at pg_dump.
func TestBackupAndRestoreCommands(t *testing.T) {
	url := jobstest.SQLiteURL(t) // already migrated (TestMigrateAndSeedCommands migrates an empty one)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("LOG_LEVEL", "error")
	lockerd := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 0 {
			t.Fatalf("lockerd %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
		}
		return out.String()
	}
	lockerd("seed")
	file := filepath.Join(t.TempDir(), "lockers-backup.db")
	if out := lockerd("backup", file); !strings.Contains(out, file) {
		t.Fatalf("backup said %q", out)
	}
	ctx := context.Background()
	db, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `UPDATE stations SET name = 'Lost'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	lockerd("restore", file)
	db = storetest.Open(t, url)
	var lost, stations int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FILTER (WHERE name = 'Lost'), count(*) FROM stations`).Scan(&lost, &stations); err != nil {
		t.Fatal(err)
	}
	if lost != 0 || stations != len(demo.Stations) {
		t.Fatalf("after restore: %d of %d stations carry the change made after the backup; want none of %d", lost, stations, len(demo.Stations))
	}

	t.Setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:1/none?sslmode=disable")
	var out, errOut bytes.Buffer
	if code := run([]string{"backup", file}, &out, &errOut); code == 0 || !strings.Contains(errOut.String(), "pg_dump") {
		t.Fatalf("backup on PostgreSQL: exit %d, %q; want a failure that names pg_dump", code, errOut.String())
	}
	if code := run([]string{"restore"}, &out, &errOut); code != 2 {
		t.Fatalf("restore without a file: exit %d, want 2", code)
	}
}
