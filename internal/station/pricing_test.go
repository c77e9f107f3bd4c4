package station

import (
	"testing"
	"time"

	"lockers/internal/vat"
)

func TestPriceForChargesStartedHoursCappedPerDay(t *testing.T) {
	small := Product{Height: "small", Type: "standard", Temperature: "neutral"}
	cool := Product{Height: "small", Type: "standard", Temperature: "cool"}
	big := Product{Height: "big", Type: "standard", Temperature: "warm"}
	tests := []struct {
		name        string
		p           Product
		d           time.Duration
		cents       int64
		days, hours int
		capped      bool // the started hours cost more than a day: the daily price
	}{
		{"nothing", small, 0, 0, 0, 0, false},
		{"five hours cost exactly a day: not capped", small, 5 * time.Hour, 500, 0, 5, false},
		{"one minute is a started hour", small, time.Minute, 100, 0, 1, false},
		{"exactly one hour", small, time.Hour, 100, 0, 1, false},
		{"one hour and a minute", small, time.Hour + time.Minute, 200, 0, 2, false},
		{"hours capped at the daily rate", small, 7 * time.Hour, 500, 0, 7, true},
		{"default day 00:01-23:59", small, 23*time.Hour + 58*time.Minute, 500, 0, 24, true},
		{"exactly a day", small, 24 * time.Hour, 500, 1, 0, false},
		{"a day and an hour", small, 25 * time.Hour, 600, 1, 1, false},
		{"three days and a bit", small, 72*time.Hour + 30*time.Minute, 1600, 3, 1, false},
		{"cooled costs 40% more", cool, 2 * time.Hour, 280, 0, 2, false},
		{"cooled day", cool, 24 * time.Hour, 700, 1, 0, false},
		{"big warm day and a half", big, 36 * time.Hour, 1120 + 1120, 1, 12, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PriceFor(tt.p, tt.d)
			if got.Cents != tt.cents || got.Days != tt.days || got.Hours != tt.hours || got.Capped != tt.capped {
				t.Fatalf("PriceFor(%v) = %+v, want %d cents, %d days, %d hours, capped %v", tt.d, got, tt.cents, tt.days, tt.hours, tt.capped)
			}
			if got.VATCents != vat.Of(got.Cents) {
				t.Fatalf("VAT %d, want %d", got.VATCents, vat.Of(got.Cents))
			}
		})
	}
}

func TestUnknownTypesUseTheStandardTariffOfTheirSize(t *testing.T) {
	got := RateFor(Product{Height: "small", Type: "parcel", Temperature: "neutral"})
	want := RateFor(Product{Height: "small", Type: "standard", Temperature: "neutral"})
	if got != want {
		t.Fatalf("rate %+v, want %+v", got, want)
	}
}
