package rpc

import (
	"context"

	"lockers/internal/apperr"
	"lockers/internal/identity"
)

// Shared, never mutated: an access failure allocates nothing.
var (
	errSignIn = &apperr.Error{Code: apperr.CodeUnauthorized, Message: "sign-in required"}
	// FORBIDDEN rather than UNAUTHORIZED on the wire: clients drop their token on
	// UNAUTHORIZED, and a signed-in non-admin's token is perfectly good.
	errNotAdmin   = &apperr.Error{Code: apperr.CodeUnauthorized, TRPC: apperr.Forbidden, Message: "administrator role required"}
	errNotManager = &apperr.Error{Code: apperr.CodeUnauthorized, TRPC: apperr.Forbidden, Message: "manager or administrator role required"}
)

// checkAccess applies a procedure's access rule to the caller in ctx.
func checkAccess(ctx context.Context, a Access) error {
	if a == Public {
		return nil
	}
	p, ok := identity.From(ctx)
	if !ok {
		return errSignIn
	}
	switch a {
	case User:
		return nil
	case Admin:
		if p.IsAdmin() {
			return nil
		}
		return errNotAdmin
	case Manager:
		if p.IsAdmin() || p.Has(identity.RoleManager) {
			return nil
		}
		return errNotManager
	}
	return errNotAdmin // an Access value we do not know never grants anything
}
