package store

import (
	"context"
	"errors"
	"sync"
)

// Group writes the transactions that wait for the SQLite writer connection
// together: one transaction, each caller's work in its own savepoint, one
// commit. SQLite has a single writer, and under load most of the time a
// booking held it went to its commit (writing every page it touched to the WAL,
// about two thirds of the hold); work queued behind it now shares one commit,
// and the pages in common are written once. Bookings (ordersql) and payment
// notifications (paymentsql) use it.
//
// Each caller's work stays all or nothing: a failing one is rolled back to its
// savepoint and gets its own error while the others go on; a failing commit
// fails every caller of the group, so none is told "stored" for work that was
// not. Constraints and triggers see the work done earlier in the same
// transaction (a double booking stays impossible).
//
// The first caller to arrive leads: it takes the queue (at most maxGroup),
// writes it, hands the lead to the first booking still waiting and answers the
// others. No goroutine runs in the background.
type Group struct {
	mu      sync.Mutex
	queue   []*groupJob
	leading bool
}

// maxGroup bounds one transaction, so that the lead is handed on regularly.
const maxGroup = 32

type groupJob struct {
	fn   func(ctx context.Context, tx *Tx) error
	done chan groupResult // buffered: the lead signal, then the result
}

type groupResult struct {
	err  error
	lead bool // not answered yet: write the next group
}

// errGroupAborted answers the bookings of a group whose writing panicked.
var errGroupAborted = errors.New("store: group aborted")

// Run queues fn and returns its outcome once its group is committed. Use it
// for short work on SQLite; on PostgreSQL, where writers run side by side,
// DB.InTx is the better choice.
func (g *Group) Run(ctx context.Context, db *DB, fn func(ctx context.Context, tx *Tx) error) error {
	j := &groupJob{fn: fn, done: make(chan groupResult, 1)}
	g.mu.Lock()
	g.queue = append(g.queue, j)
	lead := !g.leading
	g.leading = true
	g.mu.Unlock()
	for {
		if lead {
			g.lead(ctx, db)
		}
		r := <-j.done
		if !r.lead {
			return r.err
		}
		lead = true
	}
}

// lead writes the next group. Whatever happens, the lead goes on and every
// booking of the group gets an answer.
func (g *Group) lead(ctx context.Context, db *DB) {
	g.mu.Lock()
	n := min(len(g.queue), maxGroup)
	group := append([]*groupJob(nil), g.queue[:n]...)
	g.queue = append(g.queue[:0], g.queue[n:]...)
	g.mu.Unlock()
	errs := make([]error, len(group))
	for i := range errs {
		errs[i] = errGroupAborted
	}
	defer func() {
		g.mu.Lock()
		if len(g.queue) > 0 {
			g.queue[0].done <- groupResult{lead: true}
		} else {
			g.leading = false
		}
		g.mu.Unlock()
		for i, j := range group {
			j.done <- groupResult{err: errs[i]}
		}
	}()
	// The group must not fail because the leader's own request went away.
	ctx = context.WithoutCancel(ctx)
	err := db.InTx(ctx, func(tx *Tx) error {
		for i, j := range group {
			var fatal error
			if errs[i], fatal = inSavepoint(ctx, tx, j.fn); fatal != nil {
				return fatal
			}
		}
		return nil
	})
	if err != nil { // not committed: no booking of the group is stored
		for i := range errs {
			if errs[i] == nil || errs[i] == errGroupAborted {
				errs[i] = err
			}
		}
	}
}

// inSavepoint runs fn in a savepoint and undoes it when fn fails. fatal means
// the transaction can no longer be trusted: the whole group must roll back.
func inSavepoint(ctx context.Context, tx *Tx, fn func(ctx context.Context, tx *Tx) error) (err, fatal error) {
	q := tx.Prepared()
	if _, err := q.ExecContext(ctx, `SAVEPOINT grouped`); err != nil {
		return err, err
	}
	if err = fn(ctx, tx); err != nil {
		if _, rbErr := q.ExecContext(ctx, `ROLLBACK TO grouped`); rbErr != nil {
			return err, rbErr
		}
	}
	if _, relErr := q.ExecContext(ctx, `RELEASE grouped`); relErr != nil {
		return errors.Join(err, relErr), relErr
	}
	return err, nil
}
