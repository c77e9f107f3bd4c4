package order

import (
	"context"
)

// Sweep applies the time-driven transitions once: holds that ran out free their
// lockers, pending extensions past their hold give their extra time back, booked orders start, ended orders expire, old expired ones finalize.
// It is safe to run in several server processes at once (see Store.Sweep).
// Each order it finalizes has its invoices settled; a failed settlement is
// logged and does not undo the sweep (settling is idempotent and can be redone).
func (s *Service) Sweep(ctx context.Context) (Swept, error) {
	now := s.Now()
	n, err := s.store.Sweep(ctx, now)
	if s.settle != nil {
		for _, id := range n.FinalizedIDs {
			if _, serr := s.settle.Settle(ctx, id, now); serr != nil {
				s.log.ErrorContext(ctx, "settling a finalized order's invoices failed", "order", id, "err", serr)
			}
		}
	}
	return n, err
}

// SweepOnce is the periodic sweep (internal/jobs runs it every half minute on
// one lockerd): Sweep, with what changed written to the log.
func (s *Service) SweepOnce(ctx context.Context) error {
	n, err := s.Sweep(ctx)
	if err == nil && n.Changed() {
		s.log.InfoContext(ctx, "order sweep", "released", n.Released, "dropped", n.Dropped, "started", n.Started,
			"expired", n.Expired, "finalized", n.Finalized)
	}
	return err
}
