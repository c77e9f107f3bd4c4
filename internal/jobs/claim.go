package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"lockers/internal/store"
)

// Claimed is a job ClaimDueTx took over: its id and its arguments as stored.
type Claimed struct {
	ID   int64
	Args json.RawMessage
}

// ClaimDueTx takes up to limit due jobs of kind that no worker has fetched yet
// (state available) and marks them completed in tx: the caller does their work
// in the same transaction, so the jobs are done exactly when it commits and
// are never worked again (if tx rolls back they stay available). It lets one
// worker do many small jobs in one transaction instead of one transaction and
// two queue round trips each (docs/decisions/053-reminders-and-delivery.md).
//
// On PostgreSQL the rows are locked with SKIP LOCKED, as River's own fetch
// does, so two processes claiming at once take different jobs; on SQLite the
// one writer serialises claims.
func (q *Queue) ClaimDueTx(ctx context.Context, tx *store.Tx, kind string, limit int) ([]Claimed, error) {
	now := q.now().UTC()
	var query string
	var nowArg any = now
	if q.dialect == store.Postgres {
		query = `UPDATE river_job SET state = 'completed', attempt = attempt + 1, attempted_at = $1, finalized_at = $1
			WHERE id IN (SELECT id FROM river_job WHERE state = 'available' AND queue = $2 AND kind = $3
				AND scheduled_at <= $1 ORDER BY priority, scheduled_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
			RETURNING id, args`
	} else {
		// riversqlite keeps times as text in this one format; others do not compare.
		nowArg = now.Round(time.Millisecond).Format("2006-01-02 15:04:05.000")
		query = `UPDATE river_job SET state = 'completed', attempt = attempt + 1, attempted_at = $1, finalized_at = $1
			WHERE id IN (SELECT id FROM river_job WHERE state = 'available' AND queue = $2 AND kind = $3
				AND scheduled_at <= $1 ORDER BY priority, scheduled_at, id LIMIT $4)
			RETURNING id, json(args)` // riversqlite may keep args as JSONB
	}
	rows, err := tx.QueryContext(ctx, query, nowArg, queueDefault, kind, limit)
	if err != nil {
		return nil, fmt.Errorf("jobs: claim %s: %w", kind, err)
	}
	defer rows.Close()
	var out []Claimed
	for rows.Next() {
		var c Claimed
		var args []byte
		if err := rows.Scan(&c.ID, &args); err != nil {
			return nil, err
		}
		c.Args = json.RawMessage(strings.TrimSpace(string(args)))
		out = append(out, c)
	}
	return out, rows.Err()
}
