package api

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestHealthChecksTheDatabaseAtMostOncePerTTL(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	pings, fail := 0, false
	d := Deps{
		Now: func() time.Time { return now },
		Ping: func(context.Context) error {
			pings++
			if fail {
				return errors.New("down")
			}
			return nil
		},
	}
	h := health(d, newPingCache(d))
	ask := func() Health {
		res, err := h(context.Background(), struct{}{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if got := ask(); got.Database != "ok" || got.Time != "2026-11-23T12:00:00Z" {
		t.Fatalf("first answer %+v", got)
	}
	fail = true
	ask()
	if pings != 1 {
		t.Fatalf("%d pings within the TTL, want 1", pings)
	}
	now = now.Add(pingTTL)
	if got := ask(); got.Status != "degraded" || got.Database != "unavailable" || pings != 2 {
		t.Fatalf("after the TTL: %+v with %d pings", got, pings)
	}
}
