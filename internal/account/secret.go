package account

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/big"
)

// newToken returns a bearer or verification token: 256 random bits, URL-safe.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b) // crypto/rand.Read never fails (Go 1.24+): it crashes the program instead
	return base64.RawURLEncoding.EncodeToString(b)
}

// tokenHash is what the store keeps of a token: its SHA-256, hex. A token has 256
// bits of entropy, so an unsalted fast hash is enough to make a leaked table useless.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// newCode returns a uniformly random 6-digit code.
func newCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// codeHash binds a code to its verification id, so equal codes of different
// verifications hash differently and a stored hash cannot be looked up in a table.
// A 6-digit code is guessable offline whatever the hash; what protects it is the
// 15-minute lifetime and the 5-try limit.
func codeHash(verificationID, code string) string {
	sum := sha256.Sum256([]byte(verificationID + ":" + code))
	return hex.EncodeToString(sum[:])
}

// equalHash compares two hex hashes in constant time.
func equalHash(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
