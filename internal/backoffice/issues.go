package backoffice

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/issue"
	"lockers/internal/issue/issuesql"
	"lockers/internal/store"
)

// IssueRow is an issue for operators. The system raises one for a locker (a
// door that did not open); a user reports one with a category, a text and
// maybe a photo. Fields that do not apply are empty.
type IssueRow struct {
	ID            string
	Kind          string
	State         string
	StationID     string
	StationName   string
	LockerID      string
	Label         string
	OrderID       string
	OrderLockerID string
	UserID        string
	UserEmail     string
	Category      string
	Text          string
	PhotoRef      string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	ResolvedAt    time.Time
}

// IssueNote is one step of an issue's history.
type IssueNote struct {
	ID          string
	AuthorID    string
	AuthorEmail string
	FromState   string
	ToState     string
	Note        string
	CreatedAt   time.Time
}

// Answer is an operator's note on a user's own report, for the user to be told.
type Answer struct {
	NoteID, IssueID, UserID, Text string
}

// IssueDetail is an issue with its notes, oldest first.
type IssueDetail struct {
	Issue IssueRow
	Notes []IssueNote
}

// IssueFilter narrows the issue list; empty fields do not filter.
type IssueFilter struct {
	State     string
	StationID string
	Kind      string
	Cursor    string
	Limit     int
}

// IssuePage is one page of issues, newest first.
type IssuePage struct {
	Issues []IssueRow
	Next   string
}

const issueColumns = `i.id, i.kind, i.state, i.station_id, s.name, i.locker_id, l.label, ol.order_id,
	i.order_locker_id, i.user_id, u.email, i.category, i.body, i.photo_ref, i.created_at, i.updated_at,
	i.resolved_at`

const issueFrom = ` FROM locker_issues i LEFT JOIN stations s ON s.id = i.station_id
	LEFT JOIN lockers l ON l.id = i.locker_id LEFT JOIN order_lockers ol ON ol.id = i.order_locker_id
	LEFT JOIN users u ON u.id = i.user_id`

func scanIssue(row interface{ Scan(...any) error }) (IssueRow, error) {
	var (
		i                                                   IssueRow
		station, name, locker, label, order, ol, user, mail sql.NullString
		photo                                               sql.NullString
		updated, resolved                                   sql.NullTime
	)
	if err := row.Scan(&i.ID, &i.Kind, &i.State, &station, &name, &locker, &label, &order, &ol, &user, &mail,
		&i.Category, &i.Text, &photo, &i.CreatedAt, &updated, &resolved); err != nil {
		return IssueRow{}, err
	}
	i.StationID, i.StationName, i.LockerID, i.Label = station.String, name.String, locker.String, label.String
	i.OrderID, i.OrderLockerID, i.UserID, i.UserEmail = order.String, ol.String, user.String, mail.String
	i.PhotoRef, i.CreatedAt = photo.String, i.CreatedAt.UTC()
	if updated.Valid {
		i.UpdatedAt = updated.Time.UTC()
	}
	if resolved.Valid {
		i.ResolvedAt = resolved.Time.UTC()
	}
	return i, nil
}

// Issues lists issues newest first, filtered and paged by key in SQL.
func (s *Service) Issues(ctx context.Context, f IssueFilter) (IssuePage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return IssuePage{}, err
	}
	var w where
	if f.State != "" {
		if !issue.ValidState(f.State) {
			return IssuePage{}, apperr.Field(apperr.BadInput, "state", "unknown state")
		}
		w.add("i.state = ?", f.State)
	}
	if f.Kind != "" {
		if !issue.ValidKind(f.Kind) {
			return IssuePage{}, apperr.Field(apperr.BadInput, "kind", "unknown kind")
		}
		w.add("i.kind = ?", f.Kind)
	}
	if f.StationID != "" {
		if !validID(f.StationID) {
			return IssuePage{}, apperr.Field(apperr.BadInput, "stationUuid", "not an id")
		}
		w.add("i.station_id = ?", f.StationID)
	}
	w.after(c, ok, "i.created_at", "i.id")
	n := limit(f.Limit)
	list, err := collect(ctx, s.db, func(r *sql.Rows) (IssueRow, error) { return scanIssue(r) },
		`SELECT `+issueColumns+issueFrom+w.sql()+` ORDER BY i.created_at DESC, i.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return IssuePage{}, internal("issues", err)
	}
	out := IssuePage{Issues: list}
	if len(list) > n {
		out.Issues = list[:n]
		last := list[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out, nil
}

// Issue reads one issue with its notes.
func (s *Service) Issue(ctx context.Context, id string) (IssueDetail, error) {
	d, err := s.issueDetail(ctx, s.db, id)
	return d, internal("issue", err)
}

func (s *Service) issueDetail(ctx context.Context, q store.Querier, id string) (IssueDetail, error) {
	i, err := s.issueRow(ctx, q, id)
	if err != nil {
		return IssueDetail{}, err
	}
	notes, err := collect(ctx, q, func(r *sql.Rows) (IssueNote, error) {
		var (
			n             IssueNote
			author, email sql.NullString
		)
		err := r.Scan(&n.ID, &author, &email, &n.FromState, &n.ToState, &n.Note, &n.CreatedAt)
		n.AuthorID, n.AuthorEmail, n.CreatedAt = author.String, email.String, n.CreatedAt.UTC()
		return n, err
	}, `SELECT n.id, n.author_id, u.email, n.from_state, n.to_state, n.note, n.created_at
		FROM issue_notes n LEFT JOIN users u ON u.id = n.author_id
		WHERE n.issue_id = $1 ORDER BY n.created_at, n.id`, id)
	if err != nil {
		return IssueDetail{}, err
	}
	return IssueDetail{Issue: i, Notes: notes}, nil
}

func (s *Service) issueRow(ctx context.Context, q store.Querier, id string) (IssueRow, error) {
	if !validID(id) {
		return IssueRow{}, issue.ErrNoIssue
	}
	i, err := scanIssue(q.QueryRowContext(ctx, `SELECT `+issueColumns+issueFrom+` WHERE i.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return IssueRow{}, issue.ErrNoIssue
	}
	return i, err
}

// UpdateIssue adds a note (required, MISSING_NOTE) to an issue and, when
// state is set and differs, moves it there by the issue domain's workflow
// (issue.Update: CANT_CHANGE for a move it refuses). The note, the change,
// the user's answer and the audit row commit together.
func (s *Service) UpdateIssue(ctx context.Context, id, state, note string) (IssueDetail, error) {
	note, err := requiredNote(note)
	if err != nil {
		return IssueDetail{}, err
	}
	if state != "" && !issue.ValidState(state) {
		return IssueDetail{}, apperr.Field(apperr.BadInput, "state", "unknown state")
	}
	p, err := actor(ctx)
	if err != nil {
		return IssueDetail{}, err
	}
	var out IssueDetail
	err = s.write(ctx, "admin.issues.update", "issue", id, note, func(tx *store.Tx, now time.Time) (change, error) {
		u, err := issue.Update(ctx, issuesql.InTx(tx), id, p.UserID, state, note, now)
		if err != nil {
			return change{}, err
		}
		// A user's own report: the note is their answer (the spec's "issue answered").
		if u.UserID != "" && s.answer != nil {
			if err := s.answer(ctx, tx, Answer{NoteID: u.NoteID, IssueID: id, UserID: u.UserID, Text: note}); err != nil {
				return change{}, err
			}
		}
		if out, err = s.issueDetail(ctx, tx, id); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"state": u.From}, After: map[string]any{"state": u.To}}, nil
	})
	return out, err
}
