package store

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// sqlitePragmas apply to every connection: WAL so readers never block the writer,
// a busy timeout for the moments another process (lockerd migrate) holds the lock,
// enforced foreign keys (off by default in SQLite), NORMAL sync (durable in WAL
// except for the last transactions on power loss) and UTC timestamps.
var sqlitePragmas = url.Values{
	"_pragma": {
		"busy_timeout(5000)",
		"journal_mode(WAL)",
		"foreign_keys(1)",
		"synchronous(NORMAL)",
	},
	"_time_format": {"sqlite"},
	"_timezone":    {"UTC"},
}

// openSQLite opens the file at path (creating it and its folder) with a writer pool
// of one connection and a read-only pool for queries.
func openSQLite(path string) (*DB, error) {
	if path == "" || strings.ContainsRune(path, '?') || path == ":memory:" {
		return nil, errors.New("store: sqlite: needs a file path without '?', e.g. sqlite:./data/lockers.db")
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("store: create database folder: %w", err)
		}
	}

	writeParams := cloneValues(sqlitePragmas)
	writeParams.Set("_txlock", "immediate")
	// Savepoints (the booking group commit runs one per booking) and statements
	// that may abort copy each page they change into a sub-journal. SQLite keeps
	// it in memory up to 64 KiB and then spills it to a temporary file, a pwrite
	// per page while the writer lock is held; in memory it stays a copy.
	writeParams.Add("_pragma", "temp_store(MEMORY)")
	write, err := sql.Open("sqlite", path+"?"+writeParams.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)

	readParams := cloneValues(sqlitePragmas)
	readParams.Add("_pragma", "query_only(1)")
	read, err := sql.Open("sqlite", path+"?"+readParams.Encode())
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	n := max(4, runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	read.SetConnMaxIdleTime(10 * time.Minute)

	return &DB{dialect: SQLite, read: read, write: write,
		readStmts: &stmtCache{pool: read}, writeStmts: &stmtCache{pool: write}}, nil
}

func cloneValues(v url.Values) url.Values {
	out := make(url.Values, len(v))
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}
