package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"lockers/internal/store"
)

// Claimed is a job ClaimDueTx took over: its id and its arguments as stored.
type Claimed struct {
	ID   int64
	Args json.RawMessage
}

// ClaimDueTx takes up to limit due jobs of kind that no worker has fetched yet
// (state available) and removes them from the queue in tx, through River's
// JobDeleteManyTx: the caller does their work in the same transaction, so the
// jobs are done exactly when it commits and are never worked again (if tx rolls
// back they stay available). It lets one worker do many small jobs in one
// transaction instead of one transaction and two queue round trips each
// (docs/decisions/053-reminders-and-delivery.md,
// docs/decisions/150-claim-through-river.md).
//
// On PostgreSQL River skips rows another transaction has locked, as its own
// fetch does, so two processes claiming at once take different jobs; on SQLite
// the one writer serialises claims.
func (q *Queue) ClaimDueTx(ctx context.Context, tx *store.Tx, kind string, limit int) ([]Claimed, error) {
	now := q.now().UTC()
	var nowArg any = now
	if q.dialect != store.Postgres {
		// riversqlite keeps times as text in this one format; others do not compare.
		nowArg = now.Round(time.Millisecond).Format("2006-01-02 15:04:05.000")
	}
	params := river.NewJobDeleteManyParams().
		Kinds(kind).
		Queues(queueDefault).
		States(rivertype.JobStateAvailable).
		Where("scheduled_at <= @now", river.NamedArgs{"now": nowArg}).
		First(limit)
	res, err := q.client.JobDeleteManyTx(ctx, tx.Tx, params)
	if err != nil {
		return nil, fmt.Errorf("jobs: claim %s: %w", kind, err)
	}
	out := make([]Claimed, len(res.Jobs))
	for i, j := range res.Jobs {
		out[i] = Claimed{ID: j.ID, Args: json.RawMessage(j.EncodedArgs)}
	}
	return out, nil
}
