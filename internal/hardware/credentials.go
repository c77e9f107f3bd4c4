package hardware

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"time"
)

// Station credentials (docs/station-protocol.md "Keys"): every station has a
// key of its own that signs what it reports and what lockerd commands it, and
// a broker login of its own. Both are derived from the server's secret
// (STATION_SECRET), the station id and a generation number, so lockerd stores
// only the numbers and no secret; a rotation is the next generation, with the
// previous one still accepted for RotationGrace.

// RotationGrace is how long a rotated station's previous key stays good, so
// the cabinet can take its new key while it keeps working.
const RotationGrace = time.Hour

// ErrRevoked: the station's credentials are revoked; nothing it signs is
// believed and nothing is sent to it.
var ErrRevoked = errors.New("hardware: station credentials revoked")

// StationMACKey is a station's signing key of generation gen:
// HMAC-SHA256(secret, "lockers station key v1" 0x00 station 0x00 gen).
func StationMACKey(secret []byte, stationID string, gen int) []byte {
	return derive(secret, "lockers station key v1", stationID, gen)
}

// BrokerPassword is a station's broker password of generation gen (the
// broker login's user name is the station id): 32 characters of base64url.
func BrokerPassword(secret []byte, stationID string, gen int) string {
	return base64.RawURLEncoding.EncodeToString(derive(secret, "lockers broker password v1", stationID, gen))[:32]
}

func derive(secret []byte, label, stationID string, gen int) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(label))
	m.Write([]byte{0})
	m.Write([]byte(stationID))
	m.Write([]byte{0})
	m.Write([]byte(strconv.Itoa(gen)))
	return m.Sum(nil)
}

// Credentials is what lockerd keeps of a station's credentials: numbers only.
type Credentials struct {
	StationID        string
	Generation       int       // the key lockerd signs with and expects
	Previous         int       // 0, or the generation before a rotation …
	GraceUntil       time.Time // … still accepted until then
	BrokerGeneration int       // the broker password's generation
	RevokedAt        *time.Time
	UpdatedAt        time.Time
}

// CredentialStore keeps the credentials' numbers (part of hardwaresql).
type CredentialStore interface {
	// StationCredentials reads a station's credentials (ErrNotFound for an
	// unknown station); one never provisioned is at generation 1 with a zero
	// UpdatedAt.
	StationCredentials(ctx context.Context, stationID string) (Credentials, error)
	// SaveCredentials writes a station's row (ErrNotFound for an unknown station).
	SaveCredentials(ctx context.Context, c Credentials) error
	// CredentialsOf lists the active stations with their credentials (a
	// station without a row is at generation 1).
	CredentialsOf(ctx context.Context) ([]Credentials, error)
}

// MACKey is one key generation a station may sign with.
type MACKey struct {
	Gen int
	Key []byte
}

// Issued is what a cabinet is given once: its key and broker login.
type Issued struct {
	StationID      string
	Generation     int
	Key            string // hex of the 32-byte signing key
	BrokerUser     string // the station id
	BrokerPassword string
	GraceUntil     time.Time // the previous key stays good until then (rotate)
}

// Keyring derives the station keys from the server's secret and manages
// their generations.
type Keyring struct {
	Store  CredentialStore
	Secret []byte
	Now    func() time.Time
}

func (k *Keyring) now() time.Time {
	if k.Now == nil {
		return time.Now()
	}
	return k.Now()
}

// Keys are the generations a station's messages may be signed with now,
// the one lockerd signs with first; ErrRevoked when it is cut off.
func (k *Keyring) Keys(ctx context.Context, stationID string) ([]MACKey, error) {
	c, err := k.Store.StationCredentials(ctx, stationID)
	if err != nil {
		return nil, err
	}
	if c.RevokedAt != nil {
		return nil, ErrRevoked
	}
	keys := []MACKey{{Gen: c.Generation, Key: StationMACKey(k.Secret, stationID, c.Generation)}}
	if c.Previous > 0 && k.now().Before(c.GraceUntil) {
		keys = append(keys, MACKey{Gen: c.Previous, Key: StationMACKey(k.Secret, stationID, c.Previous)})
	}
	return keys, nil
}

// Credentials reads a station's numbers (generation 1 when never
// provisioned; ErrNotFound for an unknown station).
func (k *Keyring) Credentials(ctx context.Context, stationID string) (Credentials, error) {
	return k.Store.StationCredentials(ctx, stationID)
}

// Create provisions a station: generation 1 the first time, else a new key
// generation and a new broker password with the previous ones dead at once
// (how a revoked station comes back, or a cabinet replaced).
func (k *Keyring) Create(ctx context.Context, stationID string) (Issued, error) {
	c, err := k.Store.StationCredentials(ctx, stationID)
	if err != nil {
		return Issued{}, err
	}
	if !c.UpdatedAt.IsZero() {
		c.Generation = max(c.Generation, c.Previous) + 1
	}
	c.BrokerGeneration = c.Generation
	c.Previous, c.GraceUntil, c.RevokedAt, c.UpdatedAt = 0, time.Time{}, nil, k.now()
	if err := k.Store.SaveCredentials(ctx, c); err != nil {
		return Issued{}, err
	}
	return k.issue(c), nil
}

// Rotate gives a live station its next key generation; the current one
// stays good for RotationGrace. The broker password does not change (a
// changed password makes the broker drop the live connection).
func (k *Keyring) Rotate(ctx context.Context, stationID string) (Issued, error) {
	c, err := k.Store.StationCredentials(ctx, stationID)
	if err != nil {
		return Issued{}, err
	}
	if c.RevokedAt != nil {
		return Issued{}, ErrRevoked
	}
	now := k.now()
	c.Previous, c.GraceUntil = c.Generation, now.Add(RotationGrace)
	c.Generation++
	c.UpdatedAt = now
	if err := k.Store.SaveCredentials(ctx, c); err != nil {
		return Issued{}, err
	}
	return k.issue(c), nil
}

// Revoke cuts a station off: lockerd drops what it signs and sends it
// nothing, and the broker file (BrokerFile) leaves it out.
func (k *Keyring) Revoke(ctx context.Context, stationID string) error {
	c, err := k.Store.StationCredentials(ctx, stationID)
	if err != nil {
		return err
	}
	now := k.now()
	c.RevokedAt, c.Previous, c.GraceUntil, c.UpdatedAt = &now, 0, time.Time{}, now
	return k.Store.SaveCredentials(ctx, c)
}

func (k *Keyring) issue(c Credentials) Issued {
	return Issued{StationID: c.StationID, Generation: c.Generation,
		Key:        hex.EncodeToString(StationMACKey(k.Secret, c.StationID, c.Generation)),
		BrokerUser: c.StationID, BrokerPassword: BrokerPassword(k.Secret, c.StationID, c.BrokerGeneration),
		GraceUntil: c.GraceUntil}
}

// BrokerLogin is one station's broker account for the broker's password file.
type BrokerLogin struct {
	User, Password string
}

// BrokerLogins lists the broker accounts of every active station that is
// not revoked (see mqttctl/brokerfile for the file).
func (k *Keyring) BrokerLogins(ctx context.Context) ([]BrokerLogin, error) {
	all, err := k.Store.CredentialsOf(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]BrokerLogin, 0, len(all))
	for _, c := range all {
		if c.RevokedAt == nil {
			out = append(out, BrokerLogin{User: c.StationID, Password: BrokerPassword(k.Secret, c.StationID, c.BrokerGeneration)})
		}
	}
	return out, nil
}
