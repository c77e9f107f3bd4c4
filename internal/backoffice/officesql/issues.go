package officesql

import (
	"context"
	"database/sql"
	"errors"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/issue"
	"lockers/internal/store"
)

const issueColumns = `i.id, i.kind, i.state, i.station_id, s.name, i.locker_id, l.label, ol.order_id,
	i.order_locker_id, i.user_id, u.email, i.category, i.body, i.photo_ref, i.created_at, i.updated_at,
	i.resolved_at, s.time_zone`

const issueFrom = ` FROM locker_issues i LEFT JOIN stations s ON s.id = i.station_id
	LEFT JOIN lockers l ON l.id = i.locker_id LEFT JOIN order_lockers ol ON ol.id = i.order_locker_id
	LEFT JOIN users u ON u.id = i.user_id`

func scanIssue(row interface{ Scan(...any) error }) (backoffice.IssueRow, error) {
	var (
		i                                                   backoffice.IssueRow
		station, name, locker, label, order, ol, user, mail sql.NullString
		photo, zone                                         sql.NullString
		updated, resolved                                   sql.NullTime
	)
	if err := row.Scan(&i.ID, &i.Kind, &i.State, &station, &name, &locker, &label, &order, &ol, &user, &mail,
		&i.Category, &i.Text, &photo, &i.CreatedAt, &updated, &resolved, &zone); err != nil {
		return backoffice.IssueRow{}, err
	}
	i.StationID, i.StationName, i.LockerID, i.Label = station.String, name.String, locker.String, label.String
	i.OrderID, i.OrderLockerID, i.UserID, i.UserEmail = order.String, ol.String, user.String, mail.String
	i.PhotoRef, i.CreatedAt, i.TimeZone = photo.String, i.CreatedAt.UTC(), zone.String
	if updated.Valid {
		i.UpdatedAt = updated.Time.UTC()
	}
	if resolved.Valid {
		i.ResolvedAt = resolved.Time.UTC()
	}
	return i, nil
}

// Issues lists issues newest first, filtered and paged by key in SQL.
func (s *Store) Issues(ctx context.Context, f backoffice.IssueFilter) (backoffice.IssuePage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return backoffice.IssuePage{}, err
	}
	var w where
	if f.State != "" {
		if !issue.ValidState(f.State) {
			return backoffice.IssuePage{}, apperr.Field(apperr.BadInput, "state", "unknown state")
		}
		w.add("i.state = ?", f.State)
	}
	if f.Kind != "" {
		if !issue.ValidKind(f.Kind) {
			return backoffice.IssuePage{}, apperr.Field(apperr.BadInput, "kind", "unknown kind")
		}
		w.add("i.kind = ?", f.Kind)
	}
	if f.StationID != "" {
		if !validID(f.StationID) {
			return backoffice.IssuePage{}, apperr.Field(apperr.BadInput, "stationUuid", "not an id")
		}
		w.add("i.station_id = ?", f.StationID)
	}
	w.after(c, ok, "i.created_at", "i.id")
	n := limit(f.Limit)
	list, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.IssueRow, error) { return scanIssue(r) },
		`SELECT `+issueColumns+issueFrom+w.sql()+` ORDER BY i.created_at DESC, i.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return backoffice.IssuePage{}, internal("issues", err)
	}
	out := backoffice.IssuePage{Issues: list}
	if len(list) > n {
		out.Issues = list[:n]
		last := list[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out, nil
}

// Issue reads one issue with its notes.
func (s *Store) Issue(ctx context.Context, id string) (backoffice.IssueDetail, error) {
	d, err := s.issueDetail(ctx, s.db, id)
	return d, internal("issue", err)
}

func (s *Store) issueDetail(ctx context.Context, q store.Querier, id string) (backoffice.IssueDetail, error) {
	i, err := s.issueRow(ctx, q, id)
	if err != nil {
		return backoffice.IssueDetail{}, err
	}
	notes, err := collect(ctx, q, func(r *sql.Rows) (backoffice.IssueNote, error) {
		var (
			n             backoffice.IssueNote
			author, email sql.NullString
		)
		err := r.Scan(&n.ID, &author, &email, &n.FromState, &n.ToState, &n.Note, &n.Internal, &n.CreatedAt)
		n.AuthorID, n.AuthorEmail, n.CreatedAt = author.String, email.String, n.CreatedAt.UTC()
		return n, err
	}, `SELECT n.id, n.author_id, u.email, n.from_state, n.to_state, n.note, n.internal, n.created_at
		FROM issue_notes n LEFT JOIN users u ON u.id = n.author_id
		WHERE n.issue_id = $1 ORDER BY n.created_at, n.id`, id)
	if err != nil {
		return backoffice.IssueDetail{}, err
	}
	return backoffice.IssueDetail{Issue: i, Notes: notes}, nil
}

func (s *Store) issueRow(ctx context.Context, q store.Querier, id string) (backoffice.IssueRow, error) {
	if !validID(id) {
		return backoffice.IssueRow{}, issue.ErrNoIssue
	}
	i, err := scanIssue(q.QueryRowContext(ctx, `SELECT `+issueColumns+issueFrom+` WHERE i.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return backoffice.IssueRow{}, issue.ErrNoIssue
	}
	return i, err
}
