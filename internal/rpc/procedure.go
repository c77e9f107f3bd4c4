// Package rpc is our tRPC v11 HTTP handler (see docs/protocol.md): it decodes
// calls the way @trpc/client sends them, runs procedures declared once in Go and
// answers in tRPC's envelopes. It holds no domain code.
//
// What it speaks: httpLink and httpBatchLink (GET queries with ?input=, POST
// mutations with a JSON body, "a,b?batch=1" batches), httpBatchStreamLink as one
// fully resolved head line, HEAD → 204 and CORS preflights. Not spoken:
// methodOverride (a POST to a query is 405), subscriptions, FormData inputs.
//
// Errors: a procedure returns *apperr.Error for anything the client may see; it
// travels with its catalogue code in error.data.appCode (and the offending input
// field, if any, in error.data.field). Any other error, or a panic, is logged
// with its detail (and the id from WithRequestID, when set) and answered as
// INTERNAL_SERVER_ERROR / GENERAL_ERROR with a generic message.
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
	// Manager is a signed-in user with the MANAGER or the ADMIN role: the back
	// office's reads and its order, hold and station work
	// (docs/decisions/060-back-office-access-and-audit.md).
	Manager
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
	// Call decodes raw (nil when the client sent no input), passes every string
	// of it through the input gate (gate.go), validates and runs.
	Call func(ctx context.Context, raw json.RawMessage) (any, error)
	// Check does what Call does before the procedure's own code (decode, gate,
	// Validate) and returns the input as the procedure would get it: for tests
	// and fuzzing of every input type without the domain behind it.
	Check func(raw json.RawMessage) (any, error)
	// Memory says the procedure answers from memory, without waiting on the
	// database or the network (FromMemory). In a batch it runs in the
	// request's goroutine: starting a goroutine for it costs more than the call.
	Memory bool
}

// FromMemory marks a query that answers from memory (Procedure.Memory).
func (p Procedure) FromMemory() Procedure {
	p.Memory = true
	return p
}

// Query declares a query procedure.
func Query[In, Out any](path string, access Access, fn func(context.Context, In) (Out, error)) Procedure {
	return declare(path, KindQuery, access, fn)
}

// Mutation declares a mutation procedure.
func Mutation[In, Out any](path string, access Access, fn func(context.Context, In) (Out, error)) Procedure {
	return declare(path, KindMutation, access, fn)
}

// declare builds a Procedure from a typed function. Everything that needs
// reflection (the types, whether the input validates itself) is worked out here,
// once, so a call does no reflection beyond what encoding/json does.
func declare[In, Out any](path string, kind Kind, access Access, fn func(context.Context, In) (Out, error)) Procedure {
	inT, outT := reflect.TypeFor[In](), reflect.TypeFor[Out]()
	voidIn := inT == reflect.TypeFor[Void]()
	voidOut := outT == reflect.TypeFor[Void]()
	validatorT := reflect.TypeFor[Validator]()
	// Validate may be declared on In or on *In; taking &in covers both without
	// boxing a copy of the input per call.
	viaPtr := reflect.PointerTo(inT).Implements(validatorT)
	direct := !viaPtr && inT.Implements(validatorT) // In is itself a pointer or interface type
	gate := compileGate(inT)
	// prepare is everything before the procedure's own code: decode, gate, validate.
	prepare := func(raw json.RawMessage) (In, error) {
		var in In
		if err := decodeInput(raw, &in, voidIn); err != nil {
			return in, err
		}
		if gate != nil {
			if err := gate(reflect.ValueOf(&in).Elem(), ""); err != nil {
				return in, err
			}
		}
		switch {
		case viaPtr:
			if err := any(&in).(Validator).Validate(); err != nil {
				return in, err
			}
		case direct:
			if v, ok := any(in).(Validator); ok && !isNil(v) {
				if err := v.Validate(); err != nil {
					return in, err
				}
			}
		}
		return in, nil
	}
	return Procedure{
		Path: path, Kind: kind, Access: access, Input: inT, Output: outT,
		Check: func(raw json.RawMessage) (any, error) {
			in, err := prepare(raw)
			if err != nil {
				return nil, err
			}
			return in, nil
		},
		Call: func(ctx context.Context, raw json.RawMessage) (any, error) {
			in, err := prepare(raw)
			if err != nil {
				return nil, err
			}
			out, err := fn(ctx, in)
			if err != nil {
				return nil, err
			}
			if voidOut {
				return nil, nil // no value: the envelope is {"result":{}}
			}
			return out, nil
		},
	}
}

// isNil reports a typed nil pointer in an interface (a missing optional input).
func isNil(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}
