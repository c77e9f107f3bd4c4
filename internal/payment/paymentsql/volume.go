package paymentsql

import (
	"context"

	"lockers/internal/store"
	"lockers/internal/store/volume"
)

// SeedVolumePayments writes the back office's volume plan's payments, one a
// paid order (officeseed; the order statements' parameters, volume.Plan).
func SeedVolumePayments(ctx context.Context, tx *store.Tx, p volume.Plan, args []any) error {
	created, amount := p.Created(), p.Amount()
	_, err := tx.ExecContext(ctx, p.Series(`INSERT INTO payments (id, user_id, order_id, kind, flow, provider,
		idempotency_key, amount_cents, vat_cents, currency, lines, state, created_at, updated_at, paid_at, invoiced_at)`,
		p.ID(volume.KindPayment, "i")+`, `+p.User()+`, `+p.ID(volume.KindOrder, "i")+`, 'order', 'link', 'demo',
		'seed-`+p.Tag()+`-'||i, `+amount+`, (`+amount+` * 24 + 62) / 124, 'EUR', '[]', 'paid',
		`+p.TS(created+" + 60")+`, `+p.TS(created+" + 120")+`, `+p.TS(created+" + 120")+`, `+p.TS(created+" + 120"))+
		" WHERE NOT ("+p.Lapsed()+")", args...)
	return err
}
