// Package audit is the record of operators' writes: who changed what, the
// values before and after, and their note. The audit log has one writer
// (auditsql); the store of the domain that makes an admin change writes the
// change's entry through it inside the change's own transaction, so neither
// commits without the other (docs/decisions/060-back-office-access-and-audit.md).
package audit

import (
	"encoding/json"
	"errors"
	"time"
)

// ErrRepeated: an operator's request key was claimed before, by the same
// request sent again; the write must not happen twice.
var ErrRepeated = errors.New("audit: the request was made already")

// Entry is one audited write.
type Entry struct {
	ID         string // empty: the log picks one
	ActorID    string // the operator; empty for none
	Action     string // the procedure, e.g. "admin.users.block"
	TargetType string // "user", "order", ...
	TargetID   string
	Before     json.RawMessage // a JSON object; nil is {}
	After      json.RawMessage
	Note       string
	At         time.Time
}

// Values turns a change's values into a JSON object ("{}" for none).
func Values(v any) json.RawMessage {
	if v == nil {
		return json.RawMessage(`{}`)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage(`{}`)
	}
	return b
}
