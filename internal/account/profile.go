package account

import (
	"context"
	"errors"
	"strings"

	"lockers/internal/apperr"
	"lockers/internal/identity"
)

// ProfileUpdate is what auth.update takes. A nil field is left unchanged; an
// empty DefaultStationID clears the default station. Device, when given,
// replaces the session's device report.
type ProfileUpdate struct {
	FirstName        *string
	LastName         *string
	Language         *string
	DefaultStationID *string
	Device           *DeviceInfo
}

// Update changes the caller's own profile and answers like auth.authorize.
func (s *Service) Update(ctx context.Context, in ProfileUpdate) (Auth, error) {
	p, err := caller(ctx)
	if err != nil {
		return Auth{}, err
	}
	u, err := s.currentUser(ctx, p)
	if err != nil {
		return Auth{}, err
	}
	if err := s.applyProfile(ctx, &u, in); err != nil {
		return Auth{}, err
	}
	var device DeviceInfo
	if in.Device != nil {
		if device, err = cleanDevice(*in.Device); err != nil {
			return Auth{}, err
		}
	}
	if err := s.users.UpdateProfile(ctx, u); err != nil {
		return Auth{}, internal("update", err)
	}
	now := s.now()
	if in.Device != nil {
		err = s.sessions.TouchSession(ctx, p.SessionID, device, now, now.Add(s.sessionTTL))
	} else {
		var d Device
		d, err = s.devices.DeviceBySession(ctx, p.SessionID)
		device = d.Info
	}
	if err != nil {
		return Auth{}, internal("update", err)
	}
	return s.answer(RequestFrom(ctx).Bearer, device, u), nil
}

// applyProfile validates the given fields and writes them into u.
func (s *Service) applyProfile(ctx context.Context, u *User, in ProfileUpdate) error {
	if in.FirstName != nil {
		v, err := cleanText("firstName", *in.FirstName, MaxNameRunes)
		if err != nil {
			return err
		}
		if v == "" {
			return apperr.Field(apperr.MissingParams, "firstName", msgFirstName)
		}
		u.FirstName = v
	}
	if in.LastName != nil {
		v, err := cleanText("lastName", *in.LastName, MaxNameRunes)
		if err != nil {
			return err
		}
		u.LastName = v
	}
	if in.Language != nil {
		l, err := parseLanguage(*in.Language)
		if err != nil {
			return err
		}
		u.Language = l
	}
	if in.DefaultStationID != nil {
		if strings.TrimSpace(*in.DefaultStationID) == "" {
			u.DefaultStationID = ""
			return nil
		}
		id, err := parseUUID("defaultStationUuid", *in.DefaultStationID)
		if err != nil {
			return err
		}
		if s.stations != nil {
			ok, err := s.stations.StationExists(ctx, id)
			if err != nil {
				return internal("update", err)
			}
			if !ok {
				return apperr.Field(apperr.StationNotFound, "defaultStationUuid", "Station not found")
			}
		}
		u.DefaultStationID = id
	}
	return nil
}

// SetDeviceToken stores a push token on the caller's own device (the device of
// the session that made the call).
func (s *Service) SetDeviceToken(ctx context.Context, kind, token string) error {
	p, err := caller(ctx)
	if err != nil {
		return err
	}
	kind = strings.ToLower(strings.TrimSpace(kind))
	token = strings.TrimSpace(token)
	if kind == "" || token == "" {
		return apperr.New(apperr.MissingParams, "type and token are required")
	}
	if len(kind) > 32 || !isSlug(kind) {
		return apperr.Field(apperr.BadInput, "type", "type must be a short lower-case word")
	}
	if len(token) > 4096 {
		return apperr.Field(apperr.BadInput, "token", "token is too long")
	}
	if token, err = cleanText("token", token, 4096); err != nil {
		return err
	}
	if err := s.devices.SetPushToken(ctx, p.SessionID, kind, token, s.now()); err != nil {
		return internal("deviceToken", err)
	}
	return nil
}

func isSlug(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Remove deletes the caller's account: personal data is erased, every session,
// device, verification and role goes, and the row stays anonymous so orders and
// invoices keep their accounting meaning. The reason is required.
func (s *Service) Remove(ctx context.Context, reason string) error {
	p, err := caller(ctx)
	if err != nil {
		return err
	}
	note, err := cleanText("reason", reason, MaxReasonRunes)
	if err != nil {
		return err
	}
	if note == "" {
		return apperr.Field(apperr.MissingNote, "reason", msgMissingNote)
	}
	if err := s.users.EraseUser(ctx, p.UserID, note, s.now()); err != nil {
		return internal("remove", err)
	}
	return nil
}

// GrantRole gives an existing user a role (ADMIN or MANAGER); for the operator's
// command line, not the API.
func (s *Service) GrantRole(ctx context.Context, emailIn, role string) error {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return err
	}
	if role != identity.RoleAdmin && role != identity.RoleManager {
		return apperr.Field(apperr.BadInput, "role", "role must be ADMIN or MANAGER")
	}
	u, err := s.users.UserByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return apperr.New(apperr.UserNotFound, "User not found")
	}
	if err != nil {
		return internal("grantRole", err)
	}
	if err := s.users.GrantRole(ctx, u.ID, role); err != nil {
		return internal("grantRole", err)
	}
	return nil
}
