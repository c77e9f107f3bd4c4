package hardware

import (
	"testing"
	"time"
)

func TestOfflinePIN(t *testing.T) {
	secret := []byte("station secret")
	from := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	to := from.Add(3 * time.Hour)
	pin := OfflinePIN(secret, "A12", from, to)
	if len(pin) != 6 {
		t.Fatalf("pin %q: want six digits", pin)
	}
	tests := []struct {
		name        string
		secret      []byte
		compartment string
		pin         string
		from, to    time.Time
		now         time.Time
		want        bool
	}{
		{"inside the window", secret, "A12", pin, from, to, from.Add(time.Hour), true},
		{"at the start", secret, "A12", pin, from, to, from, true},
		{"at the end", secret, "A12", pin, from, to, to, false},
		{"before the window", secret, "A12", pin, from, to, from.Add(-time.Second), false},
		{"another compartment", secret, "A13", pin, from, to, from.Add(time.Hour), false},
		{"another window", secret, "A12", pin, from, to.Add(time.Hour), from.Add(time.Hour), false},
		{"another station's secret", []byte("other"), "A12", pin, from, to, from.Add(time.Hour), false},
		{"a wrong pin", secret, "A12", "000000", from, to, from.Add(time.Hour), pin == "000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := OfflinePINValid(tt.secret, tt.compartment, tt.pin, tt.from, tt.to, tt.now); got != tt.want {
				t.Errorf("OfflinePINValid = %v, want %v", got, tt.want)
			}
		})
	}
}
