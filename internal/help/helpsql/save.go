package helpsql

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/audit"
	"lockers/internal/audit/auditsql"
	"lockers/internal/help"
	"lockers/internal/store"
)

// auditText is a node's texts as the audit log keeps them.
type auditText struct {
	Kind    help.Kind `json:"kind"`
	TitleEN string    `json:"titleEn"`
	TitleET string    `json:"titleEt"`
	BodyEN  string    `json:"bodyEn"`
	BodyET  string    `json:"bodyEt"`
}

// Save upserts an operator's node with edited_at set and writes its audit row
// (action admin.help.save, target help/path) in the same transaction, as every
// back-office write does (docs/decisions/060-back-office-access-and-audit.md).
func (s *Store) Save(ctx context.Context, n help.Node, actorID string, e help.Edit, now time.Time) (help.Node, error) {
	var saved help.Node
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		before := json.RawMessage(`{}`)
		lock := ""
		if tx.Dialect() == store.Postgres {
			lock = ` FOR UPDATE` // two saves of one version: the second sees the first's text
		}
		old, err := scanNode(tx.QueryRowContext(ctx, `SELECT `+nodeColumns+` FROM help_nodes WHERE path = $1`+lock, n.Path))
		current := ""
		if err == nil {
			current = help.Version(old)
		}
		if err == nil && current != e.Version && current == help.Version(n) {
			saved = old // the same save again (a double-click): nothing to write
			return errSame
		}
		if (err == nil || errors.Is(err, sql.ErrNoRows)) && current != e.Version {
			return help.ErrStale
		}
		switch {
		case err == nil:
			before = audit.Values(auditText{old.Kind, old.Title.EN, old.Title.ET, old.Body.EN, old.Body.ET})
			n.Position = old.Position
		case errors.Is(err, sql.ErrNoRows):
			if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(position), 0) + 10 FROM help_nodes
				WHERE parent_path = $1`, n.Parent).Scan(&n.Position); err != nil {
				return err
			}
		default:
			return err
		}
		args := append([]any{n.Path, n.Parent, string(n.Kind), n.Position, n.Title.EN, n.Title.ET, n.Body.EN, n.Body.ET}, folded(n)...)
		args = append(args, now)
		if _, err := tx.ExecContext(ctx, `INSERT INTO help_nodes (path, parent_path, kind, position, title_en, title_et,
			body_en, body_et, fold_title_en, fold_title_et, fold_body_en, fold_body_et, edited_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
			ON CONFLICT (path) DO UPDATE SET title_en = excluded.title_en, title_et = excluded.title_et,
				body_en = excluded.body_en, body_et = excluded.body_et, fold_title_en = excluded.fold_title_en,
				fold_title_et = excluded.fold_title_et, fold_body_en = excluded.fold_body_en,
				fold_body_et = excluded.fold_body_et, edited_at = excluded.edited_at, updated_at = excluded.updated_at`,
			args...); err != nil {
			return err
		}
		after := audit.Values(auditText{n.Kind, n.Title.EN, n.Title.ET, n.Body.EN, n.Body.ET})
		if err := auditsql.Record(ctx, tx, audit.Entry{ID: uuid.NewString(), ActorID: actorID, Action: "admin.help.save",
			TargetType: "help", TargetID: n.Path, Before: before, After: after, Note: e.Note, At: now}); err != nil {
			return err
		}
		saved, err = scanNode(tx.QueryRowContext(ctx, `SELECT `+nodeColumns+` FROM help_nodes WHERE path = $1`, n.Path))
		return err
	})
	if errors.Is(err, errSame) {
		return saved, nil
	}
	return saved, err
}

// errSame ends a save that finds the node already as it asks.
var errSame = errors.New("helpsql: the node is already so")
