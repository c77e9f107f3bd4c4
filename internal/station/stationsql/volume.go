package stationsql

import (
	"context"

	"lockers/internal/store"
	"lockers/internal/store/volume"
)

// SeedVolumeStations writes the back office's volume plan's stations
// (officeseed): $1-$2 station numbers, $3 start (Unix seconds).
func SeedVolumeStations(ctx context.Context, tx *store.Tx, p volume.Plan, args []any) error {
	_, err := tx.ExecContext(ctx, p.Series(`INSERT INTO stations (id, name, address, city, latitude, longitude, active,
		link_state, last_seen_at, created_at, updated_at)`, p.ID(volume.KindStation, "i")+`, 'Load station '||i,
		'Laadimise tn '||(i+1), CASE i % 4 WHEN 0 THEN 'Tallinn' WHEN 1 THEN 'Tartu' WHEN 2 THEN 'Pärnu' ELSE 'Narva' END,
		58.0 + (i % 100) * 0.015, 23.5 + (i % 100) * 0.03, `+p.True()+`,
		CASE WHEN i % 10 = 0 THEN 'offline' ELSE 'online' END, `+p.TS(p.P(3))+`, `+p.TS(p.P(3)+" - 86400 + i")+`,
		`+p.TS(p.P(3))), args...)
	return err
}

// SeedVolumeLockers writes the plan's compartments: $1-$2 compartment
// numbers, $3 compartments per station, $4 start.
func SeedVolumeLockers(ctx context.Context, tx *store.Tx, p volume.Plan, args []any) error {
	_, err := tx.ExecContext(ctx, p.Series(`INSERT INTO lockers (id, station_id, label, height, type, temperature,
		height_mm, width_mm, depth_mm, door_state, created_at, updated_at)`, p.ID(volume.KindLocker, "i")+`, `+
		p.ID(volume.KindStation, "i / "+p.P(3))+`, 'C'||`+p.Pad("i % "+p.P(3), 3)+`,
		CASE WHEN (i % `+p.P(3)+`) % 2 = 0 THEN 'small' ELSE 'big' END, 'standard',
		CASE (i % `+p.P(3)+`) % 3 WHEN 0 THEN 'cool' WHEN 1 THEN 'neutral' ELSE 'warm' END,
		CASE WHEN (i % `+p.P(3)+`) % 2 = 0 THEN 360 ELSE 740 END, 440, 600, 'closed', `+p.TS(p.P(4))+`, `+p.TS(p.P(4))),
		args...)
	return err
}
