package issue

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"lockers/internal/store"
)

// LooseFor is how long an uploaded photo waits for a report to take it; after
// that the photo sweep deletes it (the form uploads and reports within
// minutes; a day leaves room for a report finished later).
const LooseFor = 24 * time.Hour

// SweepEvery is how often the sweep runs (a River periodic job).
const SweepEvery = time.Hour

// sweepBatch bounds the photos one run deletes; the next run does the rest.
const sweepBatch = 500

// SweepPhotos deletes, from the photo store and the database, the photos no
// report took within LooseFor and every photo of a deleted account (deleting
// an account keeps its row with deleted_at, so its photos would stay for
// ever). It reports how many went.
//
// Each photo goes in a transaction of its own: the row is deleted only while
// it still qualifies (a report may have taken the photo since it was listed),
// then the file; if the file cannot be deleted the row stays (rolled back) and
// the next run tries again, so no file is left without its row.
func (s *Service) SweepPhotos(ctx context.Context) (int, error) {
	cutoff := s.now().UTC().Add(-LooseFor)
	ids, err := s.sweepable(ctx, cutoff)
	if err != nil {
		return 0, fmt.Errorf("issue: photos to sweep: %w", err)
	}
	n := 0
	var errs []error
	for _, id := range ids {
		gone := false
		err := s.db.InTx(ctx, func(tx *store.Tx) error {
			res, err := tx.ExecContext(ctx, `DELETE FROM issue_photos WHERE id = $1 AND (
				(issue_id IS NULL AND created_at < $2)
				OR user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL))`, id, cutoff)
			if err != nil {
				return err
			}
			if k, err := res.RowsAffected(); err != nil || k == 0 {
				return err // taken by a report meanwhile
			}
			gone = true
			return s.photos.Delete(ctx, id)
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("issue: sweep photo %s: %w", id, err))
		} else if gone {
			n++
		}
	}
	return n, errors.Join(errs...)
}

// sweepable lists up to sweepBatch photos to delete: loose ones (by the
// partial index of migration 00026) and those of deleted accounts.
func (s *Service) sweepable(ctx context.Context, cutoff time.Time) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM issue_photos WHERE issue_id IS NULL AND created_at < $1
		UNION
		SELECT p.id FROM issue_photos p JOIN users u ON u.id = p.user_id WHERE u.deleted_at IS NOT NULL
		LIMIT $2`, cutoff, sweepBatch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id sql.NullString
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id.String)
	}
	return ids, rows.Err()
}
