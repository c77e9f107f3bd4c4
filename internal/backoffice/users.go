package backoffice

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"lockers/internal/account"
	"lockers/internal/apperr"
	"lockers/internal/identity"
)

// UserRow is a user as the back office lists them.
type UserRow struct {
	ID         string
	Email      string // empty once deleted
	FirstName  string
	LastName   string
	Phone      string // "+3725551234" when verified, else ""
	Roles      []string
	CreatedAt  time.Time
	BlockedAt  time.Time
	DeletedAt  time.Time
	VerifiedAt time.Time
	Version    string // of the fields an operator changes: roles and blocking
}

// adminFields are what an operator changes on a user: their version.
func (u UserRow) adminFields() any {
	return map[string]any{"roles": u.Roles, "blocked": !u.BlockedAt.IsZero(), "deleted": !u.DeletedAt.IsZero()}
}

func (u UserRow) versioned() UserRow {
	u.Version = VersionOf(u.adminFields())
	return u
}

// UserFilter is a user search: Query matches e-mail, name or phone (part of
// any, case-insensitive).
type UserFilter struct {
	Query  string
	Cursor string
	Limit  int
}

// UserPage is one page of users, newest first.
type UserPage struct {
	Users []UserRow
	Next  string
}

func userNotFound() error { return apperr.New(apperr.UserNotFound, "User not found") }

// SetRole grants (on) or revokes (off) a back-office role. An operator cannot
// take ADMIN from themselves, so the service never loses its last way in by a
// slip of the hand.
func (s *Service) SetRole(ctx context.Context, userID, role string, on bool, version string) (UserRow, error) {
	if role != identity.RoleAdmin && role != identity.RoleManager {
		return UserRow{}, apperr.Field(apperr.BadInput, "role", "role must be ADMIN or MANAGER")
	}
	p, err := actor(ctx)
	if err != nil {
		return UserRow{}, err
	}
	if !on && role == identity.RoleAdmin && p.UserID == userID {
		return UserRow{}, apperr.New(apperr.Cant, "you cannot take the ADMIN role from yourself")
	}
	action := "admin.users.grantRole"
	if !on {
		action = "admin.users.revokeRole"
	}
	var after UserRow
	err = s.write(ctx, action, "user", userID, "", func(tx Tx, _ time.Time) (change, error) {
		if err := lockFor(ctx, tx, "user", userID); err != nil {
			return change{}, err
		}
		before, err := tx.Read.LiveUser(ctx, userID)
		if err != nil {
			return change{}, err
		}
		if err := checkVersion(version, before.adminFields()); err != nil {
			if slices.Contains(before.Roles, role) == on {
				return change{}, errAlreadySo // the same request again (a double-click)
			}
			return change{}, err
		}
		if on {
			err = tx.Users.GrantRole(ctx, userID, role)
		} else {
			err = tx.Users.RevokeRole(ctx, userID, role)
		}
		if err != nil {
			return change{}, err
		}
		if after, err = tx.Read.UserRow(ctx, userID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"roles": before.Roles}, After: map[string]any{"roles": after.Roles}}, nil
	})
	if errors.Is(err, errAlreadySo) {
		return s.userNow(ctx, userID)
	}
	return after.versioned(), err
}

// SetBlocked blocks or unblocks a user. Blocking ends every session of theirs
// in the same transaction, so their next call is already anonymous; login then
// answers account.ErrBlocked. An operator cannot block themselves. Blocking
// needs a reason (MISSING_NOTE); the user's running and future rentals stay as
// they are (docs/decisions/063-operator-actions-on-bookings.md: their codes
// keep working at the station, the app signs them out), which the block dialog
// lists. version is the user's the screen started from (ErrStale).
func (s *Service) SetBlocked(ctx context.Context, userID string, blocked bool, version, reason string) (UserRow, error) {
	p, err := actor(ctx)
	if err != nil {
		return UserRow{}, err
	}
	reason = strings.TrimSpace(reason)
	if blocked {
		if reason, err = requiredReason("reason", reason); err != nil {
			return UserRow{}, err
		}
	}
	if blocked && p.UserID == userID {
		return UserRow{}, apperr.New(apperr.Cant, "you cannot block yourself")
	}
	action := "admin.users.block"
	if !blocked {
		action = "admin.users.unblock"
	}
	var after UserRow
	err = s.write(ctx, action, "user", userID, reason, func(tx Tx, now time.Time) (change, error) {
		if err := lockFor(ctx, tx, "user", userID); err != nil {
			return change{}, err
		}
		before, err := tx.Read.LiveUser(ctx, userID)
		if err != nil {
			return change{}, err
		}
		if err := checkVersion(version, before.adminFields()); err != nil {
			if !before.BlockedAt.IsZero() == blocked {
				return change{}, errAlreadySo // the same request again (a double-click)
			}
			return change{}, err
		}
		at := time.Time{}
		if blocked {
			at = now
			if !before.BlockedAt.IsZero() {
				at = before.BlockedAt // blocking twice keeps the first time
			}
			if err := tx.Sessions.RevokeUserSessions(ctx, userID, now); err != nil {
				return change{}, err
			}
		}
		if err := tx.Users.SetBlocked(ctx, userID, at); err != nil {
			return change{}, mapAccountErr(err)
		}
		if after, err = tx.Read.UserRow(ctx, userID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"blockedAt": timeOrNil(before.BlockedAt)},
			After: map[string]any{"blockedAt": timeOrNil(after.BlockedAt)}}, nil
	})
	if errors.Is(err, errAlreadySo) {
		return s.userNow(ctx, userID)
	}
	return after.versioned(), err
}

// DeleteUser erases a user's personal data with the same step as self-deletion
// (account EraseUser); the reason is required (MISSING_NOTE).
func (s *Service) DeleteUser(ctx context.Context, userID, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return apperr.Field(apperr.MissingNote, "reason", "Missing Note")
	}
	if len(reason) > 1000 {
		return apperr.Field(apperr.BadInput, "reason", "reason is too long")
	}
	p, err := actor(ctx)
	if err != nil {
		return err
	}
	if p.UserID == userID {
		return apperr.New(apperr.Cant, "delete your own account from your profile")
	}
	return s.write(ctx, "admin.users.delete", "user", userID, reason, func(tx Tx, now time.Time) (change, error) {
		before, err := tx.Read.LiveUser(ctx, userID)
		if err != nil {
			return change{}, err
		}
		if err := tx.Users.EraseUser(ctx, userID, reason, now); err != nil {
			return change{}, mapAccountErr(err)
		}
		// The audit keeps who the row was only as far as the operator needs to
		// find the entry again: the id (the personal data is gone on purpose).
		return change{Before: map[string]any{"deleted": false, "roles": before.Roles},
			After: map[string]any{"deleted": true}}, nil
	})
}

func mapAccountErr(err error) error {
	if errors.Is(err, account.ErrNotFound) {
		return userNotFound()
	}
	return err
}

func timeOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(time.RFC3339)
}

// errAlreadySo: a request made from an older version finds the entity already
// as it asks (the same block, role change or save sent twice): nothing is
// written and the entity is answered as it is, instead of a conflict.
var errAlreadySo = errors.New("backoffice: the user is already so")

// userNow reads a user as the user page shows them.
func (s *Service) userNow(ctx context.Context, userID string) (UserRow, error) {
	d, err := s.store.User(ctx, userID)
	return d.User.versioned(), internal("user", err)
}
