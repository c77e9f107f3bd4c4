package store_test

import (
	"context"
	"testing"

	"lockers/internal/store/storetest"
)

// The SQLite writer keeps sub-journals (a savepoint per booking in the group
// commit) in memory: temp_store = 2 (MEMORY), not a temporary file.
func TestSQLiteWriterKeepsTemporaryStorageInMemory(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	var mode int
	if err := db.Writer().QueryRowContext(context.Background(), `PRAGMA temp_store`).Scan(&mode); err != nil || mode != 2 {
		t.Fatalf("writer temp_store = %d (%v), want 2 (MEMORY)", mode, err)
	}
}
