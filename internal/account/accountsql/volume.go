package accountsql

import (
	"context"

	"lockers/internal/store"
	"lockers/internal/store/volume"
)

// SeedVolumeUsers writes the back office's volume plan's users (officeseed):
// $1-$2 user numbers, $3 start, $4 seconds between sign-ups, $5 users before
// this run (phones are unique: 59 and the user's number over all runs).
func SeedVolumeUsers(ctx context.Context, tx *store.Tx, p volume.Plan, args []any) error {
	at := p.TS(p.P(3) + " + i * " + p.P(4))
	_, err := tx.ExecContext(ctx, p.Series(`INSERT INTO users (id, email, first_name, last_name, phone_prefix, phone,
		phone_verified_at, language, verified_at, terms_accepted_at, created_at, updated_at)`,
		p.ID(volume.KindUser, "i")+`, 'user'||i||'.`+p.Tag()+`@example.com',
		CASE i % 8 WHEN 0 THEN 'Mari' WHEN 1 THEN 'Jaan' WHEN 2 THEN 'Kadri' WHEN 3 THEN 'Peeter' WHEN 4 THEN 'Liis'
			WHEN 5 THEN 'Andres' WHEN 6 THEN 'Kertu' ELSE 'Tiit' END,
		CASE i % 6 WHEN 0 THEN 'Tamm' WHEN 1 THEN 'Saar' WHEN 2 THEN 'Sepp' WHEN 3 THEN 'Mägi' WHEN 4 THEN 'Kask'
			ELSE 'Rebane' END,
		'+372', '59'||`+p.Pad(p.P(5)+" + i", 7)+`, `+at+`, CASE WHEN i % 3 = 0 THEN 'en' ELSE 'et' END,
		`+at+`, `+at+`, `+at+`, `+at), args...)
	return err
}

// SeedVolumeEvents writes the plan's client events, one an order (the order
// statements' parameters, volume.Plan).
func SeedVolumeEvents(ctx context.Context, tx *store.Tx, p volume.Plan, args []any) error {
	_, err := tx.ExecContext(ctx, p.Series(`INSERT INTO events (id, type, user_id, source, campaign, created_at)`,
		p.ID(volume.KindEvent, "i")+`, CASE WHEN i % 3 = 0 THEN 'station_viewed' WHEN i % 3 = 1 THEN 'order_started'
		ELSE 'order_paid' END, `+p.User()+`, CASE WHEN i % 2 = 0 THEN 'app' ELSE 'web' END, '', `+p.TS(p.Created())),
		args...)
	return err
}
