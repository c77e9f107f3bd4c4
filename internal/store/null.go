package store

import (
	"database/sql"
	"time"
)

// The conversions between Go's zero values and SQL NULL that every *sql
// package needs, in one place: a store writes "nothing" as NULL and reads NULL
// back as the zero value, and every instant it writes or reads is in UTC
// (pgx answers timestamptz in the process's local zone; SQLite keeps the offset
// it was given).

// NullString is s, or NULL when s is empty.
func NullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// NullInt is n, or NULL when n is zero.
func NullInt[N ~int | ~int32 | ~int64](n N) any {
	if n == 0 {
		return nil
	}
	return n
}

// NullTime is t in UTC, or NULL when t is the zero time.
func NullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC()
}

// TimeOf reads a nullable time column: the zero time for NULL, else the instant in UTC.
func TimeOf(t sql.NullTime) time.Time {
	if !t.Valid {
		return time.Time{}
	}
	return t.Time.UTC()
}

// UTC is a scanned instant in UTC; the zero time stays zero.
func UTC(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC()
}
