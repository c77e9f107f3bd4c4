package ordersql

import (
	"context"

	"lockers/internal/audit"
	"lockers/internal/audit/auditsql"
)

// Audit writes an operator's audit entry in the order's transaction, through
// the audit log's only writer.
func (c changeTx) Audit(ctx context.Context, e audit.Entry) error {
	return auditsql.Record(ctx, c.tx, e)
}
