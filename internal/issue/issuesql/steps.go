package issuesql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/issue"
	"lockers/internal/store"
)

// InTx returns the operator's update steps inside tx, the caller's
// transaction (the back office's, which records the audit row in it too).
func InTx(tx *store.Tx) issue.Steps { return steps{tx} }

type steps struct{ tx *store.Tx }

func (s steps) Head(ctx context.Context, id string) (string, string, error) {
	var state string
	var user sql.NullString
	err := s.tx.QueryRowContext(ctx, `SELECT state, user_id FROM locker_issues WHERE id = $1`, id).Scan(&state, &user)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", issue.ErrNotFound
	}
	return state, user.String, err
}

func (s steps) SetState(ctx context.Context, id, state string, at time.Time) error {
	var resolved any
	if state == issue.Resolved {
		resolved = at.UTC()
	}
	_, err := s.tx.ExecContext(ctx, `UPDATE locker_issues SET state = $2, resolved_at = $3, updated_at = $4
		WHERE id = $1`, id, state, resolved, at.UTC())
	return err
}

func (s steps) Touch(ctx context.Context, id string, at time.Time) error {
	_, err := s.tx.ExecContext(ctx, `UPDATE locker_issues SET updated_at = $2 WHERE id = $1`, id, at.UTC())
	return err
}

func (s steps) AddNote(ctx context.Context, n issue.Note) error {
	_, err := s.tx.ExecContext(ctx, `INSERT INTO issue_notes (id, issue_id, author_id, from_state, to_state, note,
		internal, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, n.ID, n.IssueID, n.AuthorID, n.From, n.To, n.Text,
		n.Internal, n.At.UTC())
	return err
}
