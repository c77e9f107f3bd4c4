package wire

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Every payload on a station's topics is a signed envelope (docs/station-protocol.md
// "Signatures"):
//
//	{"v":1,"gen":2,"msg":"<the message as JSON text>","mac":"<base64url HMAC>"}
//
// msg is a JSON string holding the message's own JSON, so a receiver
// verifies the exact bytes that were signed without canonical JSON.
// mac = HMAC-SHA256(key, "lockers/v1" 0x00 topic 0x00 gen 0x00 msg), gen in
// decimal, key the station's key of that generation. The topic is signed, so
// a message cannot be moved to another station's topic or to another kind;
// the key is the station's, so only that station and lockerd can make one.

// Version is the envelope version this package writes and reads.
const Version = 1

// MaxCommandLife bounds a command: its deadline is at most this long after
// its time `at`. A captured command is worthless half a minute later.
const MaxCommandLife = 30 * time.Second

// Envelope is a signed payload.
type Envelope struct {
	V   int    `json:"v"`
	Gen int    `json:"gen"`
	Msg string `json:"msg"`
	MAC string `json:"mac"`
}

// Errors of Unseal.
var (
	ErrUnsigned = errors.New("wire: not a signed envelope")
	ErrBadMAC   = errors.New("wire: signature does not verify")
)

// MAC is the envelope's HMAC-SHA256 of msg on topic under key generation gen.
func MAC(key []byte, gen int, topic string, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("lockers/v1"))
	m.Write([]byte{0})
	m.Write([]byte(topic))
	m.Write([]byte{0})
	m.Write([]byte(strconv.Itoa(gen)))
	m.Write([]byte{0})
	m.Write(msg)
	return m.Sum(nil)
}

// Seal signs msg (a message's JSON) for topic with the key of generation gen.
func Seal(key []byte, gen int, topic string, msg []byte) ([]byte, error) {
	if len(key) == 0 || gen < 1 {
		return nil, errors.New("wire: no signing key")
	}
	return json.Marshal(Envelope{V: Version, Gen: gen, Msg: string(msg),
		MAC: base64.RawURLEncoding.EncodeToString(MAC(key, gen, topic, msg))})
}

// SealJSON marshals v and seals it.
func SealJSON(key []byte, gen int, topic string, v any) ([]byte, error) {
	msg, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return Seal(key, gen, topic, msg)
}

// ParseEnvelope reads an envelope without verifying it (the receiver picks
// the key by Gen, then calls Verify).
func ParseEnvelope(payload []byte) (Envelope, error) {
	var e Envelope
	if len(payload) > MaxPayload {
		return e, fmt.Errorf("%w: %d bytes", ErrMalformed, len(payload))
	}
	if err := json.Unmarshal(payload, &e); err != nil || e.V != Version || e.Gen < 1 || e.Msg == "" || e.MAC == "" {
		return Envelope{}, ErrUnsigned
	}
	return e, nil
}

// Verify reports whether the envelope was signed for topic with key.
func (e Envelope) Verify(key []byte, topic string) bool {
	got, err := base64.RawURLEncoding.DecodeString(e.MAC)
	if err != nil || len(key) == 0 {
		return false
	}
	return hmac.Equal(got, MAC(key, e.Gen, topic, []byte(e.Msg)))
}

// Unseal parses and verifies a payload with the key keyOf gives for its
// generation (nil: a generation the receiver does not accept) and returns the
// message's JSON and the generation.
func Unseal(payload []byte, topic string, keyOf func(gen int) []byte) ([]byte, int, error) {
	e, err := ParseEnvelope(payload)
	if err != nil {
		return nil, 0, err
	}
	key := keyOf(e.Gen)
	if key == nil || !e.Verify(key, topic) {
		return nil, e.Gen, ErrBadMAC
	}
	return []byte(e.Msg), e.Gen, nil
}
