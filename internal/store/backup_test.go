package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// A backup taken while a writer inserts rows holds a consistent prefix of
// them; restored over the live database (lockerd stopped), it is what the
// database holds, and the rows written after the backup are gone.
func TestBackupWhileWritingThenRestore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.MigratedSQLiteURL(t) // a copy of the migrated template: migrating is another test's
	db := storetest.Open(t, url)
	if _, err := db.ExecContext(ctx, `CREATE TABLE backup_probe (n INTEGER PRIMARY KEY, pair INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	// Each transaction writes two rows; a backup that saw half of one would
	// hold an odd count.
	var written atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := int64(0); ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			err := db.InTx(ctx, func(tx *store.Tx) error {
				if _, err := tx.ExecContext(ctx, `INSERT INTO backup_probe (n, pair) VALUES ($1, $2)`, 2*i, i); err != nil {
					return err
				}
				_, err := tx.ExecContext(ctx, `INSERT INTO backup_probe (n, pair) VALUES ($1, $2)`, 2*i+1, i)
				return err
			})
			if err != nil {
				t.Errorf("write %d: %v", i, err)
				return
			}
			written.Store(2 * (i + 1))
		}
	})
	for written.Load() < 200 {
		time.Sleep(time.Millisecond)
	}
	dest := filepath.Join(t.TempDir(), "backup.db")
	if err := store.Backup(ctx, url, dest); err != nil {
		t.Fatal(err)
	}
	atBackupEnd := written.Load()
	for written.Load() < atBackupEnd+100 {
		time.Sleep(time.Millisecond)
	}
	close(stop)
	wg.Wait()

	backup := storetest.Open(t, "sqlite:"+dest)
	var inBackup int64
	if err := backup.QueryRowContext(ctx, `SELECT count(*) FROM backup_probe`).Scan(&inBackup); err != nil {
		t.Fatal(err)
	}
	if inBackup < 200 || inBackup%2 != 0 || inBackup > atBackupEnd {
		t.Fatalf("backup holds %d rows; want an even count from 200 to %d", inBackup, atBackupEnd)
	}

	// Restore: every process on the file stops first.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := store.Restore(ctx, url, dest); err != nil {
		t.Fatal(err)
	}
	restored := storetest.Open(t, url)
	var n, maxPair int64
	if err := restored.QueryRowContext(ctx, `SELECT count(*), max(pair) FROM backup_probe`).Scan(&n, &maxPair); err != nil {
		t.Fatal(err)
	}
	if n != inBackup || maxPair != inBackup/2-1 {
		t.Fatalf("restored database holds %d rows up to pair %d, want the backup's %d", n, maxPair, inBackup)
	}
}

// A file that is not a lockerd database is refused and the database kept.
func TestRestoreRefusesForeignFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.MigratedSQLiteURL(t) // a copy of the migrated template: migrating is another test's
	db := storetest.Open(t, url)
	db.Close()
	junk := filepath.Join(t.TempDir(), "junk.db")
	if err := os.WriteFile(junk, []byte("not a database at all, just some bytes"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := store.Restore(ctx, url, junk); err == nil {
		t.Fatal("a file that is not a database was restored")
	}
	if err := store.Restore(ctx, url, filepath.Join(t.TempDir(), "missing.db")); err == nil {
		t.Fatal("a missing backup was restored")
	}
	if err := store.Backup(ctx, "postgres://x@127.0.0.1/y", junk); !errors.Is(err, store.ErrBackupPostgres) {
		t.Fatalf("backup of PostgreSQL answered %v, want the pg_dump hint", err)
	}
	storetest.Open(t, url) // still a migrated lockerd database
}
