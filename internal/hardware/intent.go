package hardware

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"lockers/internal/apperr"
)

// A door opens only on a fresh, deliberate command (issue 26). A client that
// lost its connection may send an open long after the user confirmed it, or
// after they changed their mind: TanStack Query replays a paused mutation when
// the phone is back online. So the app asks for an intent when it asks "Are
// you sure?", and the open carries it; the server obeys the open only if the
// intent is the caller's, for that very door, unused, and issued at most the
// TTL ago. This file is the one place of that rule, for the app's open and for
// an operator's.

// DefaultIntentTTL is how long an intent stays good when Deps.IntentTTL is
// unset (DOOR_INTENT_TTL's default).
const DefaultIntentTTL = 20 * time.Second

// KeepIntents is how long an unused intent row is kept: longer than any
// allowed TTL (DOOR_INTENT_TTL is at most 2 minutes), so pruning never takes
// one that could still open a door.
const KeepIntents = 10 * time.Minute

// IntentKind says what an intent may open: an order locker from the app, or a
// compartment by an operator.
type IntentKind string

const (
	IntentApp      IntentKind = "app"
	IntentOperator IntentKind = "operator"
)

// Intent is a confirmation to open one door, shown to its caller once.
type Intent struct {
	Token     string
	ExpiresAt time.Time
}

// StoredIntent is an intent as the store keeps it: by its token's hash.
type StoredIntent struct {
	TokenHash string
	UserID    string
	Kind      IntentKind
	TargetID  string // the order locker (IntentApp) or the compartment (IntentOperator)
	IssuedAt  time.Time
}

// IntentStore keeps door intents (part of Store).
type IntentStore interface {
	InsertIntent(ctx context.Context, in StoredIntent) error
	// UseIntent deletes the intent with this hash if it is the user's, of
	// this kind, for this target and issued at or after notBefore, in one
	// statement: of two uses only one finds it. ErrNotFound otherwise.
	UseIntent(ctx context.Context, want StoredIntent, notBefore time.Time) error
	// PruneIntents deletes intents issued before the time.
	PruneIntents(ctx context.Context, before time.Time) error
	// RevokeIntent deletes the intent with this hash if it is the user's, of
	// this kind and for this target, whatever its age: true when it was
	// there (no open has used it, and none can now).
	RevokeIntent(ctx context.Context, want StoredIntent) (bool, error)
}

// errIntentRefused is what every unusable intent answers: too old, used,
// another user's or door's, or never issued. The client keys its message
// ("Nothing was opened: the confirmation came too late. Confirm again.") on
// CANT_OPEN with the field intent.
func errIntentRefused() error {
	return apperr.Field(apperr.CantOpen, "intent", "the confirmation is too old or was used: nothing was opened, confirm again")
}

// issueIntent stores a fresh intent for the user to open target.
func (s *Service) issueIntent(ctx context.Context, userID string, kind IntentKind, targetID string) (Intent, error) {
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return Intent{}, err
	}
	token := base64.RawURLEncoding.EncodeToString(raw[:])
	now := s.now()
	if err := s.store.InsertIntent(ctx, StoredIntent{TokenHash: hashToken(token), UserID: userID, Kind: kind,
		TargetID: targetID, IssuedAt: now}); err != nil {
		return Intent{}, err
	}
	return Intent{Token: token, ExpiresAt: now.Add(s.intentTTL)}, nil
}

// useIntent spends the user's intent for target, or refuses: after it nothing
// can use that token again.
func (s *Service) useIntent(ctx context.Context, token, userID string, kind IntentKind, targetID string) error {
	if len(token) < 20 || len(token) > 100 {
		return errIntentRefused()
	}
	err := s.store.UseIntent(ctx, StoredIntent{TokenHash: hashToken(token), UserID: userID, Kind: kind, TargetID: targetID},
		s.now().Add(-s.intentTTL))
	if errors.Is(err, ErrNotFound) {
		return errIntentRefused()
	}
	return err
}

// OpenIntent confirms that the user means to open the door of one of their
// order lockers: the answer of locker.openIntent, which the app asks for when
// it asks "Are you sure?" (and again while it keeps asking). It refuses what
// Open would refuse before sending anything (LOCKER_NOT_FOUND,
// ORDER_IS_NOT_CONFIRMED, NOT_RESERVED), so the app never asks about a door
// it cannot open.
func (s *Service) OpenIntent(ctx context.Context, userID, orderID, orderLockerID string) (Intent, error) {
	t, err := s.owned(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return Intent{}, err
	}
	if err := s.usable(t, s.now()); err != nil {
		return Intent{}, err
	}
	return s.issueIntent(ctx, userID, IntentApp, t.OrderLockerID)
}

// OperatorOpenIntent confirms that an operator means to open a compartment
// (stations.openDoorIntent); LOCKER_NOT_FOUND when it is not the station's.
func (s *Service) OperatorOpenIntent(ctx context.Context, operatorID, stationID, lockerID string) (Intent, error) {
	t, err := s.compartment(ctx, stationID, lockerID)
	if err != nil {
		return Intent{}, err
	}
	return s.issueIntent(ctx, operatorID, IntentOperator, t.LockerID)
}

// RevokeIntent withdraws the user's intent to open the door of an order
// locker: the answer of locker.revokeIntent, sent when the user says "No,
// keep it closed", stops an open in flight or leaves the screen. An open that
// reaches the server after it is refused (CANT_OPEN on intent). revoked false
// means the intent was not there: an open used it already (the door is being
// opened or was), it was never this user's, or it expired and was pruned.
// Another user's order locker is LOCKER_NOT_FOUND, as for an open.
func (s *Service) RevokeIntent(ctx context.Context, userID, orderID, orderLockerID, token string) (revoked bool, err error) {
	t, err := s.owned(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return false, err
	}
	return s.revokeIntent(ctx, userID, IntentApp, t.OrderLockerID, token)
}

// RevokeOperatorIntent is RevokeIntent for an operator's compartment
// (stations.revokeDoorIntent).
func (s *Service) RevokeOperatorIntent(ctx context.Context, operatorID, lockerID, token string) (bool, error) {
	return s.revokeIntent(ctx, operatorID, IntentOperator, lockerID, token)
}

func (s *Service) revokeIntent(ctx context.Context, userID string, kind IntentKind, targetID, token string) (bool, error) {
	if len(token) < 20 || len(token) > 100 {
		return false, nil
	}
	return s.store.RevokeIntent(ctx, StoredIntent{TokenHash: hashToken(token), UserID: userID, Kind: kind, TargetID: targetID})
}
