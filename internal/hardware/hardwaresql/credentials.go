package hardwaresql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/hardware"
	"lockers/internal/store"
)

var _ hardware.CredentialStore = (*Store)(nil)

// querier is a database or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// credentialsOn is the credential store on a database or in a transaction.
type credentialsOn struct{ q querier }

// CredentialsIn is the credential store inside the caller's transaction (the
// back office's, so a change and its audit row commit together).
func CredentialsIn(tx *store.Tx) hardware.CredentialStore { return credentialsOn{tx} }

// StationCredentials reads one station's credentials (ErrNotFound for an
// unknown station).
func (s *Store) StationCredentials(ctx context.Context, stationID string) (hardware.Credentials, error) {
	return credentialsOn{s.db}.StationCredentials(ctx, stationID)
}

// SaveCredentials writes one station's row.
func (s *Store) SaveCredentials(ctx context.Context, c hardware.Credentials) error {
	return credentialsOn{s.db}.SaveCredentials(ctx, c)
}

// CredentialsOf lists every active station with its credentials.
func (s *Store) CredentialsOf(ctx context.Context) ([]hardware.Credentials, error) {
	return credentialsOn{s.db}.CredentialsOf(ctx)
}

// credentialsSelect reads stations with their credentials' numbers; a
// station without a row is at generation 1 and never provisioned (a zero
// updated time).
const credentialsSelect = `SELECT st.id, COALESCE(c.generation, 1), c.previous, c.grace_until,
	COALESCE(c.broker_generation, 1), c.revoked_at, c.updated_at
	FROM stations st LEFT JOIN station_credentials c ON c.station_id = st.id `

func scanCredentials(row interface{ Scan(...any) error }) (hardware.Credentials, error) {
	var c hardware.Credentials
	var prev sql.NullInt64
	var grace, revoked, updated sql.NullTime
	if err := row.Scan(&c.StationID, &c.Generation, &prev, &grace, &c.BrokerGeneration, &revoked, &updated); err != nil {
		return c, err
	}
	c.Previous, c.GraceUntil, c.UpdatedAt = int(prev.Int64), store.TimeOf(grace), store.TimeOf(updated)
	if revoked.Valid {
		at := revoked.Time.UTC()
		c.RevokedAt = &at
	}
	return c, nil
}

func (s credentialsOn) StationCredentials(ctx context.Context, stationID string) (hardware.Credentials, error) {
	c, err := scanCredentials(s.q.QueryRowContext(ctx, credentialsSelect+`WHERE st.id = $1`, stationID))
	if errors.Is(err, sql.ErrNoRows) {
		return c, hardware.ErrNotFound
	}
	return c, err
}

func (s credentialsOn) SaveCredentials(ctx context.Context, c hardware.Credentials) error {
	var n int
	if err := s.q.QueryRowContext(ctx, `SELECT count(*) FROM stations WHERE id = $1`, c.StationID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return hardware.ErrNotFound
	}
	var revoked time.Time
	if c.RevokedAt != nil {
		revoked = *c.RevokedAt
	}
	_, err := s.q.ExecContext(ctx, `INSERT INTO station_credentials
		(station_id, generation, previous, grace_until, broker_generation, revoked_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (station_id) DO UPDATE SET generation = excluded.generation, previous = excluded.previous,
			grace_until = excluded.grace_until, broker_generation = excluded.broker_generation,
			revoked_at = excluded.revoked_at, updated_at = excluded.updated_at`,
		c.StationID, c.Generation, store.NullInt(c.Previous), store.NullTime(c.GraceUntil), c.BrokerGeneration,
		store.NullTime(revoked), c.UpdatedAt.UTC())
	return err
}

func (s credentialsOn) CredentialsOf(ctx context.Context) ([]hardware.Credentials, error) {
	rows, err := s.q.QueryContext(ctx, credentialsSelect+`WHERE st.active ORDER BY st.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []hardware.Credentials
	for rows.Next() {
		c, err := scanCredentials(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
