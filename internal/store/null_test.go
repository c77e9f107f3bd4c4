package store

import (
	"database/sql"
	"testing"
	"time"
)

func TestNullsAreTheZeroValues(t *testing.T) {
	if NullString("") != nil || NullString("a") != "a" {
		t.Errorf("NullString: %v, %v", NullString(""), NullString("a"))
	}
	if NullInt(0) != nil || NullInt(int64(7)) != int64(7) || NullInt(3) != 3 {
		t.Errorf("NullInt: %v, %v", NullInt(0), NullInt(int64(7)))
	}
	if NullTime(time.Time{}) != nil {
		t.Errorf("NullTime(zero) = %v", NullTime(time.Time{}))
	}
	if !TimeOf(sql.NullTime{}).IsZero() || !UTC(time.Time{}).IsZero() {
		t.Error("a NULL or zero time must read as the zero time")
	}
}

func TestTimesAreWrittenAndReadInUTC(t *testing.T) {
	tallinn := time.FixedZone("EET", 2*3600)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, tallinn)
	for name, got := range map[string]time.Time{
		"NullTime": NullTime(at).(time.Time),
		"TimeOf":   TimeOf(sql.NullTime{Time: at, Valid: true}),
		"UTC":      UTC(at),
	} {
		if got.Location() != time.UTC || !got.Equal(at) {
			t.Errorf("%s = %v, want %v in UTC", name, got, at.UTC())
		}
	}
}
