// Package helpsql keeps the help tree (table help_nodes) on SQLite and PostgreSQL.
package helpsql

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"lockers/internal/help"
	"lockers/internal/store"
)

// Store is help.Store on a database.
type Store struct{ db *store.DB }

// New returns a Store on db.
func New(db *store.DB) *Store { return &Store{db: db} }

var _ help.Store = (*Store)(nil)

const nodeColumns = `path, parent_path, kind, position, title_en, title_et, body_en, body_et, updated_at`

func scanNode(row interface{ Scan(...any) error }) (help.Node, error) {
	var n help.Node
	err := row.Scan(&n.Path, &n.Parent, &n.Kind, &n.Position, &n.Title.EN, &n.Title.ET, &n.Body.EN, &n.Body.ET, &n.UpdatedAt)
	n.UpdatedAt = n.UpdatedAt.UTC()
	return n, err
}

func collect(rows *sql.Rows, err error) ([]help.Node, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []help.Node{}
	for rows.Next() {
		n, err := scanNode(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Node returns the node at path.
func (s *Store) Node(ctx context.Context, path string) (help.Node, error) {
	n, err := scanNode(s.db.QueryRowContext(ctx, `SELECT `+nodeColumns+` FROM help_nodes WHERE path = $1`, path))
	if errors.Is(err, sql.ErrNoRows) {
		return n, help.ErrNotFound
	}
	return n, err
}

// Nodes returns the nodes at paths that exist.
func (s *Store) Nodes(ctx context.Context, paths []string) ([]help.Node, error) {
	if len(paths) == 0 {
		return []help.Node{}, nil
	}
	args := make([]any, len(paths))
	marks := make([]string, len(paths))
	for i, p := range paths {
		args[i], marks[i] = p, "$"+strconv.Itoa(i+1)
	}
	return collect(s.db.QueryContext(ctx, `SELECT `+nodeColumns+` FROM help_nodes
		WHERE path IN (`+strings.Join(marks, ", ")+`)`, args...))
}

// Children returns a section's children in order, without their bodies (a list
// shows titles; an article is read on its own page).
func (s *Store) Children(ctx context.Context, parent string) ([]help.Node, error) {
	return collect(s.db.QueryContext(ctx, `SELECT path, parent_path, kind, position, title_en, title_et, '', '', updated_at
		FROM help_nodes WHERE parent_path = $1 ORDER BY position, path`, parent))
}

// likePattern makes a folded term a LIKE pattern that matches it anywhere, its
// own % and _ taken literally.
func likePattern(term string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(term) + "%"
}

// Search scans the articles' folded texts with LIKE (the Estonian ones for each
// term's stem, the English ones for the term): a few hundred articles are
// a few hundred kilobytes, read in well under a millisecond, so no full-text
// index (which would differ between the databases) earns its keep. Each term
// must occur somewhere; the rank adds, per term, 0 for a title in lang, 1 for
// the title in the other language, 2 for the body in lang, 3 for the other body.
func (s *Store) Search(ctx context.Context, terms []string, lang help.Lang, limit int) ([]help.Hit, error) {
	if len(terms) == 0 {
		return []help.Hit{}, nil
	}
	own, other := "en", "et"
	if lang == help.Estonian {
		own, other = "et", "en"
	}
	args := make([]any, 0, len(terms)+1)
	where := make([]string, 0, len(terms))
	rank := make([]string, 0, len(terms))
	for _, t := range terms {
		// English texts are searched for the term as typed, Estonian ones for
		// its stem, so every inflected form finds the others (help.StemEstonian).
		args = append(args, likePattern(t), likePattern(help.StemEstonian(t)))
		en, et := "$"+strconv.Itoa(len(args)-1), "$"+strconv.Itoa(len(args))
		like := func(col string) string {
			m := en
			if strings.HasSuffix(col, "_et") {
				m = et
			}
			return col + ` LIKE ` + m + ` ESCAPE '\'`
		}
		where = append(where, "("+like("fold_title_en")+" OR "+like("fold_title_et")+" OR "+
			like("fold_body_en")+" OR "+like("fold_body_et")+")")
		rank = append(rank, "CASE WHEN "+like("fold_title_"+own)+" THEN 0 WHEN "+like("fold_title_"+other)+
			" THEN 1 WHEN "+like("fold_body_"+own)+" THEN 2 ELSE 3 END")
	}
	args = append(args, limit)
	q := `SELECT ` + nodeColumns + `, ` + strings.Join(rank, " + ") + ` AS rnk
		FROM help_nodes WHERE kind = 'article' AND ` + strings.Join(where, " AND ") + `
		ORDER BY rnk, title_` + own + `, path LIMIT $` + strconv.Itoa(len(args))
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []help.Hit{}
	for rows.Next() {
		var h help.Hit
		n := &h.Node
		if err := rows.Scan(&n.Path, &n.Parent, &n.Kind, &n.Position, &n.Title.EN, &n.Title.ET,
			&n.Body.EN, &n.Body.ET, &n.UpdatedAt, &h.Rank); err != nil {
			return nil, err
		}
		n.UpdatedAt = n.UpdatedAt.UTC()
		out = append(out, h)
	}
	return out, rows.Err()
}

type existing struct {
	hash   string
	edited bool
	parent string
}

// Seed applies the shipped nodes in one transaction: a new file's node is
// inserted; a changed file's node is rewritten unless an operator edited it
// (then it is kept and counted); an unchanged one is not written; a node that
// came from a file no longer shipped is removed unless an operator edited it or
// something still hangs below it. Running it twice changes nothing the second time.
func (s *Store) Seed(ctx context.Context, nodes []help.SeedNode, now time.Time) (help.SeedReport, error) {
	var r help.SeedReport
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		r = help.SeedReport{}
		have, err := current(ctx, tx)
		if err != nil {
			return err
		}
		shipped := make(map[string]bool, len(nodes))
		for _, n := range nodes {
			shipped[n.Path] = true
			old, ok := have[n.Path]
			switch {
			case !ok:
				r.Inserted++
				err = insert(ctx, tx, n, now)
			case old.edited:
				r.KeptEdited++
			case old.hash == n.Hash:
				r.Unchanged++
			default:
				r.Updated++
				err = update(ctx, tx, n, now)
			}
			if err != nil {
				return fmt.Errorf("%s: %w", n.Path, err)
			}
		}
		return removeGone(ctx, tx, have, shipped, &r)
	})
	return r, err
}

func current(ctx context.Context, tx *store.Tx) (map[string]existing, error) {
	rows, err := tx.QueryContext(ctx, `SELECT path, parent_path, seed_hash, edited_at IS NOT NULL FROM help_nodes`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	have := map[string]existing{}
	for rows.Next() {
		var p string
		var e existing
		if err := rows.Scan(&p, &e.parent, &e.hash, &e.edited); err != nil {
			return nil, err
		}
		have[p] = e
	}
	return have, rows.Err()
}

// removeGone deletes seeded, unedited nodes whose files are gone, deepest first,
// and only when no remaining node is below them.
func removeGone(ctx context.Context, tx *store.Tx, have map[string]existing, shipped map[string]bool, r *help.SeedReport) error {
	var gone []string
	for p, e := range have {
		if !shipped[p] && e.hash != "" && !e.edited {
			gone = append(gone, p)
		}
	}
	slices.SortFunc(gone, func(a, b string) int { return strings.Count(b, "/") - strings.Count(a, "/") })
	remaining := map[string]int{} // parent path -> children left
	for _, e := range have {
		remaining[e.parent]++
	}
	for _, p := range gone {
		if remaining[p] > 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM help_nodes WHERE path = $1`, p); err != nil {
			return err
		}
		remaining[have[p].parent]--
		r.Removed++
	}
	return nil
}

func folded(n help.Node) []any {
	return []any{help.Fold(n.Title.EN), help.Fold(n.Title.ET), help.Fold(help.PlainText(n.Body.EN)), help.Fold(help.PlainText(n.Body.ET))}
}

func insert(ctx context.Context, tx *store.Tx, n help.SeedNode, now time.Time) error {
	args := append([]any{n.Path, n.Parent, string(n.Kind), n.Position, n.Title.EN, n.Title.ET, n.Body.EN, n.Body.ET}, folded(n.Node)...)
	args = append(args, n.Hash, now)
	_, err := tx.ExecContext(ctx, `INSERT INTO help_nodes (path, parent_path, kind, position, title_en, title_et,
		body_en, body_et, fold_title_en, fold_title_et, fold_body_en, fold_body_et, seed_hash, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
		ON CONFLICT (path) DO NOTHING`, args...) // another process starting now seeded it first

	return err
}

func update(ctx context.Context, tx *store.Tx, n help.SeedNode, now time.Time) error {
	args := append([]any{n.Path, n.Parent, string(n.Kind), n.Position, n.Title.EN, n.Title.ET, n.Body.EN, n.Body.ET}, folded(n.Node)...)
	args = append(args, n.Hash, now)
	_, err := tx.ExecContext(ctx, `UPDATE help_nodes SET parent_path = $2, kind = $3, position = $4,
		title_en = $5, title_et = $6, body_en = $7, body_et = $8, fold_title_en = $9, fold_title_et = $10,
		fold_body_en = $11, fold_body_et = $12, seed_hash = $13, updated_at = $14
		WHERE path = $1 AND edited_at IS NULL`, args...)
	return err
}
