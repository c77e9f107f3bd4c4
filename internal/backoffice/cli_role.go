package backoffice

import (
	"context"
	"strings"

	"lockers/internal/apperr"
	"lockers/internal/audit"
	"lockers/internal/identity"
)

// ActionCommandLineGrant is the audit action of `lockerd grant-role`.
const ActionCommandLineGrant = "cli.grantRole"

// GrantRoleOnCommandLine gives the user with this e-mail a role from
// `lockerd grant-role`: the one role change without a signed-in operator (it
// makes the first one). It is audited as the screen's grant is, roles before
// and after, in the same transaction, with no actor and a note naming the
// command line and who ran it (the operating-system user), so a role given
// outside the back office is still on the record.
func (s *Service) GrantRoleOnCommandLine(ctx context.Context, email, role, who string) (UserRow, error) {
	if role != identity.RoleAdmin && role != identity.RoleManager {
		return UserRow{}, apperr.Field(apperr.BadInput, "role", "role must be ADMIN or MANAGER")
	}
	email = strings.ToLower(strings.TrimSpace(email))
	page, err := s.store.Users(ctx, UserFilter{Query: email, Limit: 200})
	if err != nil {
		return UserRow{}, err
	}
	var id string
	for _, u := range page.Users {
		if strings.EqualFold(u.Email, email) && u.DeletedAt.IsZero() {
			id = u.ID
		}
	}
	if id == "" {
		return UserRow{}, apperr.New(apperr.UserNotFound, "User not found")
	}
	note := "lockerd grant-role on the command line"
	if who = strings.TrimSpace(who); who != "" {
		note += " by " + who
	}
	var after UserRow
	err = s.store.InTx(ctx, func(tx Tx) error {
		now := s.Now()
		before, err := tx.Read.LiveUser(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.Users.GrantRole(ctx, id, role); err != nil {
			return err
		}
		if after, err = tx.Read.UserRow(ctx, id); err != nil {
			return err
		}
		return tx.Audit.Record(ctx, audit.Entry{ID: newID(), Action: ActionCommandLineGrant, TargetType: "user", TargetID: id,
			Before: audit.Values(map[string]any{"roles": before.Roles}), After: audit.Values(map[string]any{"roles": after.Roles}),
			Note: note, At: now})
	})
	return after.versioned(), internal(ActionCommandLineGrant, err)
}
