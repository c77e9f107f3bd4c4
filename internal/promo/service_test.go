package promo

import (
	"testing"
	"time"
)

func TestPickPrefersStationPacksThenEarliestExpiryThenOldest(t *testing.T) {
	now := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	at := func(h int) time.Time { return now.Add(time.Duration(h) * time.Hour) }
	general := Coupon{ID: "general", Remaining: 3, Pack: Pack{Code: "FIRST3"}, RegisteredAt: at(-10)}
	newer := Coupon{ID: "newer", Remaining: 5, Pack: Pack{Code: "NEXT5"}, RegisteredAt: at(-1)}
	expiring := Coupon{ID: "expiring", Remaining: 1, Pack: Pack{Code: "SUMMER", ValidUntil: at(48)}, RegisteredAt: at(-1)}
	expired := Coupon{ID: "expired", Remaining: 1, Pack: Pack{Code: "SPRING", ValidUntil: at(-1)}}
	local := Coupon{ID: "local", Remaining: 2, Pack: Pack{Code: "VIRU", StationID: "viru"}, RegisteredAt: at(-1)}
	spent := Coupon{ID: "spent", Remaining: 0, Pack: Pack{Code: "TARTU", StationID: "viru"}}
	tests := []struct {
		name    string
		cs      []Coupon
		station string
		want    string
	}{
		{"none", nil, "viru", ""},
		{"only spent or expired", []Coupon{spent, expired}, "viru", ""},
		{"oldest general", []Coupon{newer, general}, "viru", "general"},
		{"expiring first", []Coupon{general, expiring}, "viru", "expiring"},
		{"station pack first", []Coupon{general, expiring, local}, "viru", "local"},
		{"station pack elsewhere is not usable", []Coupon{local, newer}, "tartu", "newer"},
	}
	for _, tt := range tests {
		c, ok := Pick(tt.cs, tt.station, now)
		if tt.want == "" && ok || tt.want != "" && c.ID != tt.want {
			t.Errorf("%s: picked %q (%v), want %q", tt.name, c.ID, ok, tt.want)
		}
	}
}
