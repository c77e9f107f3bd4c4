package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Backups of a SQLite database (`lockerd backup FILE`, `lockerd restore
// FILE`; docs/operations.md "Backups"). PostgreSQL is backed up with its own
// tools (pg_dump, base backups and WAL archiving), which lockerd does not
// wrap.

// ErrBackupPostgres: backup and restore are SQLite's; PostgreSQL has pg_dump.
var ErrBackupPostgres = errors.New("store: on PostgreSQL use pg_dump and pg_restore (docs/operations.md, \"Backups\")")

// sqlitePath is the file of a sqlite: DATABASE_URL.
func sqlitePath(databaseURL string) (string, error) {
	path, ok := strings.CutPrefix(databaseURL, "sqlite:")
	if !ok {
		return "", ErrBackupPostgres
	}
	if path == "" || strings.ContainsRune(path, '?') {
		return "", errors.New("store: sqlite: needs a file path")
	}
	return path, nil
}

// Backup copies the database to dest while lockerd serves: VACUUM INTO reads
// one consistent snapshot (a read transaction, which in WAL mode never
// blocks the writer) into a new, compacted file. The copy is written next to
// dest and renamed into place, so dest is either the old file or a whole
// backup, never half of one.
func Backup(ctx context.Context, databaseURL, dest string) error {
	path, err := sqlitePath(databaseURL)
	if err != nil {
		return err
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()
	tmp, err := tempBeside(dest)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if _, err := db.ExecContext(ctx, `VACUUM INTO $1`, tmp); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := checkSQLiteFile(ctx, tmp); err != nil {
		return err
	}
	return os.Rename(tmp, dest)
}

// Restore replaces the database with the backup src. lockerd must be
// stopped (every process on the file): a running one would keep writing to
// the file it has open. The backup is checked first; the database's
// write-ahead log is removed with it, so nothing of the old file survives.
func Restore(ctx context.Context, databaseURL, src string) error {
	path, err := sqlitePath(databaseURL)
	if err != nil {
		return err
	}
	if err := checkSQLiteFile(ctx, src); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	tmp, err := tempBeside(path)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := copyFile(src, tmp); err != nil {
		return err
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return os.Rename(tmp, path)
}

// checkSQLiteFile opens a backup read-only and checks that it is whole and
// is lockerd's (it has the migrations' version table).
func checkSQLiteFile(ctx context.Context, file string) error {
	if _, err := os.Stat(file); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	db, err := sql.Open("sqlite", "file:"+file+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	var ok string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil {
		return fmt.Errorf("store: %s is not a SQLite database: %w", file, err)
	}
	if ok != "ok" {
		return fmt.Errorf("store: %s fails SQLite's integrity check: %s", file, ok)
	}
	var versions int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM goose_db_version`).Scan(&versions); err != nil || versions == 0 {
		return fmt.Errorf("store: %s is not a lockerd database (no migrations recorded)", file)
	}
	return nil
}

func tempBeside(path string) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return "", err
	}
	name := f.Name()
	f.Close()
	// VACUUM INTO wants a file that does not exist or is empty: an empty one it is.
	return name, nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
