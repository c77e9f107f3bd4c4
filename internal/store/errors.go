package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Constraint names a kind of integrity violation, so domain code can turn a
// database refusal into the right catalogue error without knowing the engine.
type Constraint int

const (
	Unique     Constraint = iota + 1 // UNIQUE or PRIMARY KEY
	ForeignKey                       // REFERENCES
	Check                            // CHECK
	Exclusion                        // PostgreSQL EXCLUDE (no SQLite equivalent)
)

// Violates reports whether err is a violation of kind c on either engine.
func Violates(err error, c Constraint) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return c == Unique
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return c == ForeignKey
		case sqlite3.SQLITE_CONSTRAINT_CHECK:
			return c == Check
		}
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505":
			return c == Unique
		case "23503":
			return c == ForeignKey
		case "23514":
			return c == Check
		case "23P01":
			return c == Exclusion
		}
	}
	return false
}
