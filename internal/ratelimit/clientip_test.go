package ratelimit

import (
	"net/http/httptest"
	"testing"
)

func TestClientIP(t *testing.T) {
	tests := []struct {
		name    string
		remote  string
		xff     []string
		trusted bool
		want    string
	}{
		{"remote v4", "198.51.100.7:4711", nil, false, "198.51.100.7"},
		{"forwarded ignored unless trusted", "10.0.0.1:80", []string{"203.0.113.9"}, false, "10.0.0.1"},
		{"forwarded right-most wins", "10.0.0.1:80", []string{"1.1.1.1, 203.0.113.9"}, true, "203.0.113.9"},
		{"forwarded last header wins", "10.0.0.1:80", []string{"1.1.1.1", "203.0.113.10"}, true, "203.0.113.10"},
		{"forwarded garbage falls back", "10.0.0.1:80", []string{"not-an-ip"}, true, "10.0.0.1"},
		{"v6 reduced to /64", "[2001:db8:1:2:3:4:5:6]:443", nil, false, "2001:db8:1:2::/64"},
		{"v4-mapped v6", "[::ffff:192.0.2.1]:1", nil, false, "192.0.2.1"},
		{"no port", "192.0.2.5", nil, false, "192.0.2.5"},
		{"unparseable kept", "pipe", nil, false, "pipe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := ClientIP(r, tt.trusted); got != tt.want {
				t.Fatalf("ClientIP = %q, want %q", got, tt.want)
			}
		})
	}
}
