package hardware

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"
)

// OfflinePIN is the six-digit PIN that opens a compartment while its station's
// controller is offline: the server shows it to the order's owner and the
// station checks it by itself from the secret they share, with no network.
// It is an HOTP-style truncation (RFC 4226 §5.3) of
// HMAC-SHA256(secret, compartment ‖ window start ‖ window end), so it is bound
// to one compartment and one rental window and tells nothing about the secret.
func OfflinePIN(secret []byte, compartment string, from, to time.Time) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(compartment))
	mac.Write([]byte{0})
	var window [16]byte
	binary.BigEndian.PutUint64(window[:8], uint64(from.Unix()))
	binary.BigEndian.PutUint64(window[8:], uint64(to.Unix()))
	mac.Write(window[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	n := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	return fmt.Sprintf("%06d", n%1_000_000)
}

// OfflinePINValid reports whether pin opens compartment at time now for a
// window: the PIN must match the window and now must lie inside it.
func OfflinePINValid(secret []byte, compartment, pin string, from, to, now time.Time) bool {
	if now.Before(from) || !now.Before(to) {
		return false
	}
	want := OfflinePIN(secret, compartment, from, to)
	return hmac.Equal([]byte(want), []byte(pin))
}
