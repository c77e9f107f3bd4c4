// Package rpc is our tRPC v11 HTTP handler (see docs/trpc-protocol.md): it decodes
// calls the way @trpc/client sends them, runs procedures declared once in Go and
// answers in tRPC's envelopes. It holds no domain code.
package rpc

import (
	"context"
	"encoding/json"
	"reflect"
)

// Kind is a procedure's type: a query (GET) or a mutation (POST).
type Kind string

const (
	KindQuery    Kind = "query"
	KindMutation Kind = "mutation"
)

// Access says who may call a procedure.
type Access int

const (
	Public Access = iota // anyone
	User                 // a signed-in user (identity.Principal in the context)
	Admin                // a signed-in user with the ADMIN role
)

// Void is the input type of a procedure that takes none (TypeScript: void).
type Void struct{}

// Validator is implemented by inputs that check themselves after decoding. The
// returned error should be an *apperr.Error (BAD_INPUT, MISSING_PARAMS or a
// field-specific code).
type Validator interface {
	Validate() error
}

// Procedure is one declared procedure: its wire path, kind, access rule, the Go types
// of its input and output (read by the TypeScript generator) and its implementation.
type Procedure struct {
	Path   string
	Kind   Kind
	Access Access
	Input  reflect.Type // reflect.TypeFor[Void]() when it takes none
	Output reflect.Type
	// Call decodes raw (nil when the client sent no input), validates and runs.
	Call func(ctx context.Context, raw json.RawMessage) (any, error)
}

// Query declares a query procedure.
func Query[In, Out any](path string, access Access, fn func(context.Context, In) (Out, error)) Procedure {
	return declare(path, KindQuery, access, fn)
}

// Mutation declares a mutation procedure.
func Mutation[In, Out any](path string, access Access, fn func(context.Context, In) (Out, error)) Procedure {
	return declare(path, KindMutation, access, fn)
}
