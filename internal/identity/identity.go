// Package identity carries who is calling through a request's context. It is the
// only thing the wire layer and the domain services share about authentication.
package identity

import "context"

// Role codes of spec §3/§6.
const (
	RoleAdmin   = "ADMIN"
	RoleManager = "MANAGER"
)

// Principal is an authenticated caller: a user and the session they presented.
type Principal struct {
	UserID    string
	SessionID string
	Roles     []string
}

// Has reports whether the principal holds the role code.
func (p Principal) Has(role string) bool {
	for _, r := range p.Roles {
		if r == role {
			return true
		}
	}
	return false
}

// IsAdmin reports the ADMIN role.
func (p Principal) IsAdmin() bool { return p.Has(RoleAdmin) }

type ctxKey struct{}

// With returns ctx carrying p.
func With(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// From returns the principal in ctx, if any.
func From(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	return p, ok && p.UserID != ""
}
