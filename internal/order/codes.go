package order

import (
	"crypto/rand"
	"fmt"
	"math/big"
)

// newCodes returns a delivery and a picking code: two different six-digit PINs
// for the station keypad, from a cryptographic source so codes cannot be guessed
// from each other.
func newCodes() (delivery, picking string) {
	delivery = pin()
	for picking = pin(); picking == delivery; picking = pin() {
	}
	return delivery, picking
}

var million = big.NewInt(1_000_000)

func pin() string {
	n, err := rand.Int(rand.Reader, million)
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return fmt.Sprintf("%06d", n.Int64())
}
