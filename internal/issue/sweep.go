package issue

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// LooseFor is how long an uploaded photo waits for a report to take it; after
// that the photo sweep deletes it. The form uploads the photo when the report
// is sent, a second before issue.create, so nothing waits for long; with
// SweepEvery a loose photo is gone within an hour of its upload.
const LooseFor = 40 * time.Minute

// SweepEvery is how often the sweep runs (a River periodic job).
const SweepEvery = 15 * time.Minute

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
	ids, err := s.store.SweepablePhotos(ctx, cutoff, sweepBatch)
	if err != nil {
		return 0, fmt.Errorf("issue: photos to sweep: %w", err)
	}
	n := 0
	var errs []error
	for _, id := range ids {
		gone, err := s.store.DeletePhoto(ctx, id, cutoff, func() error { return s.photos.Delete(ctx, id) })
		if err != nil {
			errs = append(errs, fmt.Errorf("issue: sweep photo %s: %w", id, err))
		} else if gone {
			n++
		}
	}
	return n, errors.Join(errs...)
}
