package vat

import "testing"

func TestOfIsTheTaxInsideAGrossAmount(t *testing.T) {
	for _, tc := range []struct{ gross, want int64 }{
		{0, 0}, {1, 0}, {3, 1}, {62, 12}, {100, 19}, {124, 24}, {500, 97}, {1000, 194}, {2500, 484},
		{-500, -97}, {-2500, -484},
	} {
		if got := Of(tc.gross); got != tc.want {
			t.Errorf("Of(%d) = %d, want %d", tc.gross, got, tc.want)
		}
	}
}

// A refund or discount takes back exactly the VAT its positive amount carried,
// and net plus VAT is always the gross amount.
func TestOfIsSymmetricAndNeverExceedsTheAmount(t *testing.T) {
	for gross := int64(0); gross <= 50000; gross++ {
		v := Of(gross)
		if Of(-gross) != -v {
			t.Fatalf("Of(%d) = %d but Of(%d) = %d", gross, v, -gross, Of(-gross))
		}
		if v < 0 || v > gross {
			t.Fatalf("Of(%d) = %d is outside 0..%d", gross, v, gross)
		}
	}
}
