package backoffice

import (
	"context"
	"errors"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/audit"
	"lockers/internal/hardware"
)

// Station credentials (docs/station-protocol.md "Keys"): an administrator
// provisions a station (create), gives it its next key (rotate) or cuts it
// off (revoke). The key and the broker password are shown once, in the
// answer; the audit row keeps the generations only.

// Credential actions.
const (
	CredentialsCreate = "create"
	CredentialsRotate = "rotate"
	CredentialsRevoke = "revoke"
)

// ActionStationCredentials is the audit action of a credentials change.
const ActionStationCredentials = "admin.stations.credentials"

// CredentialsState is what the back office shows of a station's
// credentials: numbers and times, never a secret.
type CredentialsState struct {
	StationID   string
	Generation  int
	Previous    int       // 0, or the generation still accepted until GraceUntil
	GraceUntil  time.Time //
	Provisioned bool      // created at least once (else generation 1 by default)
	RevokedAt   time.Time // zero unless revoked
	UpdatedAt   time.Time
}

// CredentialsChange is a change's answer: the state after it and, for
// create and rotate, what the cabinet is given (once).
type CredentialsChange struct {
	State  CredentialsState
	Issued *hardware.Issued
}

func credentialsState(c hardware.Credentials) CredentialsState {
	st := CredentialsState{StationID: c.StationID, Generation: c.Generation, Previous: c.Previous, GraceUntil: c.GraceUntil,
		Provisioned: !c.UpdatedAt.IsZero(), UpdatedAt: c.UpdatedAt}
	if c.RevokedAt != nil {
		st.RevokedAt = *c.RevokedAt
	}
	return st
}

// StationCredentials reads a station's credentials state.
func (s *Service) StationCredentials(ctx context.Context, stationID string) (CredentialsState, error) {
	if !validID(stationID) {
		return CredentialsState{}, apperr.New(apperr.StationNotFound, "Station not found")
	}
	var st CredentialsState
	err := s.store.InTx(ctx, func(tx Tx) error {
		c, err := tx.Credentials.StationCredentials(ctx, stationID)
		st = credentialsState(c)
		return err
	})
	if errors.Is(err, hardware.ErrNotFound) {
		return st, apperr.New(apperr.StationNotFound, "Station not found")
	}
	return st, internal("station credentials", err)
}

// ChangeStationCredentials runs one credentials action with a required note,
// audited in the same transaction; requestID makes a repeated submit change
// nothing more.
func (s *Service) ChangeStationCredentials(ctx context.Context, stationID, action, note, requestID string) (CredentialsChange, error) {
	p, err := actor(ctx)
	if err != nil {
		return CredentialsChange{}, err
	}
	return s.changeCredentials(ctx, p.UserID, stationID, action, note, requestID)
}

// changeCredentials runs the action as actorID (empty: the command line).
func (s *Service) changeCredentials(ctx context.Context, actorID, stationID, action, note, requestID string) (CredentialsChange, error) {
	note, err := requiredNote(note)
	if err != nil {
		return CredentialsChange{}, err
	}
	if requestID != "" && !validID(requestID) {
		return CredentialsChange{}, apperr.Field(apperr.BadInput, "requestUuid", "not an id")
	}
	switch action {
	case CredentialsCreate, CredentialsRotate, CredentialsRevoke:
	default:
		return CredentialsChange{}, apperr.Field(apperr.BadInput, "action", "create, rotate or revoke")
	}
	if !validID(stationID) {
		return CredentialsChange{}, apperr.New(apperr.StationNotFound, "Station not found")
	}
	if len(s.stationSecret) == 0 {
		return CredentialsChange{}, apperr.New(apperr.CantChange, "station credentials are not available")
	}
	var out CredentialsChange
	err = s.store.InTx(ctx, func(tx Tx) error {
		now := s.Now()
		if err := tx.Audit.ClaimRequest(ctx, requestID, ActionStationCredentials, stationID, now); err != nil {
			return err
		}
		k := &hardware.Keyring{Store: tx.Credentials, Secret: s.stationSecret, Now: func() time.Time { return now }}
		before, err := k.Credentials(ctx, stationID)
		if err != nil {
			return err
		}
		var issued hardware.Issued
		switch action {
		case CredentialsCreate:
			issued, err = k.Create(ctx, stationID)
		case CredentialsRotate:
			issued, err = k.Rotate(ctx, stationID)
		case CredentialsRevoke:
			err = k.Revoke(ctx, stationID)
		}
		if err != nil {
			return err
		}
		after, err := k.Credentials(ctx, stationID)
		if err != nil {
			return err
		}
		out.State = credentialsState(after)
		if action != CredentialsRevoke {
			out.Issued = &issued
		}
		return tx.Audit.Record(ctx, audit.Entry{ID: newID(), ActorID: actorID, Action: ActionStationCredentials, TargetType: "station",
			TargetID: stationID, Before: audit.Values(credentialsAudit(before)), After: audit.Values(credentialsAudit(after)),
			Note: note, At: now})
	})
	switch {
	case errors.Is(err, audit.ErrRepeated):
		return CredentialsChange{}, apperr.Field(apperr.CantChange, "requestUuid", "this change was made already")
	case errors.Is(err, hardware.ErrNotFound):
		return CredentialsChange{}, apperr.New(apperr.StationNotFound, "Station not found")
	case errors.Is(err, hardware.ErrRevoked):
		return CredentialsChange{}, apperr.Field(apperr.CantChange, "action", "the credentials are revoked: create new ones")
	case err != nil:
		return CredentialsChange{}, internal(ActionStationCredentials, err)
	}
	if s.credentialsChanged != nil {
		s.credentialsChanged(stationID)
	}
	return out, nil
}

// credentialsAudit is what the audit log keeps of a station's credentials.
func credentialsAudit(c hardware.Credentials) map[string]any {
	m := map[string]any{"generation": c.Generation, "revoked": c.RevokedAt != nil}
	if c.Previous > 0 {
		m["previous"], m["graceUntil"] = c.Previous, c.GraceUntil.UTC().Format(time.RFC3339)
	}
	return m
}

// ChangeStationCredentialsOnCommandLine is ChangeStationCredentials for
// `lockerd station-credentials`: no operator signed in, the audit note names
// the command line and who ran it.
func (s *Service) ChangeStationCredentialsOnCommandLine(ctx context.Context, stationID, action, who string) (CredentialsChange, error) {
	note := "lockerd station-credentials " + action + " on the command line"
	if who != "" {
		note += " by " + who
	}
	return s.changeCredentials(ctx, "", stationID, action, note, "")
}
