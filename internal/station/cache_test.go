package station_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"lockers/internal/station"
)

// countingStore answers Station from a map and counts the calls.
type countingStore struct {
	station.Store
	rows  map[string]station.Station
	calls int
}

func (c *countingStore) Station(_ context.Context, id string) (station.Station, error) {
	c.calls++
	st, ok := c.rows[id]
	if !ok {
		return station.Station{}, station.ErrNotFound
	}
	return st, nil
}

func TestCachedKeepsStationsForTheTTLAndNeverKeepsMisses(t *testing.T) {
	ctx := context.Background()
	const id = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"
	inner := &countingStore{rows: map[string]station.Station{id: {ID: id, Name: "One", Active: true}}}
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	cached := station.CachedClock(inner, 5*time.Second, func() time.Time { return now })
	for range 3 {
		if st, err := cached.Station(ctx, id); err != nil || st.Name != "One" {
			t.Fatalf("%+v, %v", st, err)
		}
	}
	if inner.calls != 1 {
		t.Fatalf("%d reads for three lookups within the TTL, want 1", inner.calls)
	}
	inner.rows[id] = station.Station{ID: id, Name: "Renamed", Active: false}
	now = now.Add(5*time.Second - time.Nanosecond)
	if st, err := cached.Station(ctx, id); err != nil || st.Name != "One" {
		t.Fatalf("just within the TTL: %+v, %v", st, err)
	}
	now = now.Add(time.Nanosecond)
	if st, err := cached.Station(ctx, id); err != nil || st.Name != "Renamed" || st.Active {
		t.Fatalf("after the TTL: %+v, %v", st, err)
	}
	const unknown = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"
	for range 2 {
		if _, err := cached.Station(ctx, unknown); !errors.Is(err, station.ErrNotFound) {
			t.Fatalf("unknown station: %v", err)
		}
	}
	if inner.calls != 4 {
		t.Fatalf("%d reads, want 4: an unknown station is asked for every time", inner.calls)
	}
}
