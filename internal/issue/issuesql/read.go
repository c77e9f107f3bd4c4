package issuesql

import (
	"context"
	"database/sql"
	"strconv"

	"lockers/internal/issue"
)

// Reports reads userID's reports (only the one with id when id is set),
// newest first, at most issue.ListLimit, each with its answers oldest first.
func (s *Store) Reports(ctx context.Context, userID, id string) ([]issue.Report, error) {
	if id != "" {
		return s.reports(ctx, `i.id = $1 AND i.user_id = $2`, id, userID)
	}
	return s.reports(ctx, `i.user_id = $1 AND i.kind = 'user_report'`, userID)
}

// reports reads the reports matching cond (on locker_issues i), newest first,
// and their answers.
func (s *Store) reports(ctx context.Context, cond string, args ...any) ([]issue.Report, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT i.id, i.category, i.body, i.state, i.photo_ref, ol.order_id,
		i.order_locker_id, st.name, l.label, i.created_at, i.updated_at, i.resolved_at
		FROM locker_issues i LEFT JOIN order_lockers ol ON ol.id = i.order_locker_id
		LEFT JOIN lockers l ON l.id = i.locker_id LEFT JOIN stations st ON st.id = i.station_id
		WHERE `+cond+` ORDER BY i.created_at DESC, i.id DESC LIMIT `+strconv.Itoa(issue.ListLimit), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []issue.Report{}
	at := map[string]int{}
	for rows.Next() {
		var (
			r                                issue.Report
			photo, order, ol, station, label sql.NullString
			updated, resolved                sql.NullTime
		)
		if err := rows.Scan(&r.ID, &r.Category, &r.Text, &r.State, &photo, &order, &ol, &station, &label,
			&r.CreatedAt, &updated, &resolved); err != nil {
			return nil, err
		}
		r.PhotoRef, r.OrderID, r.OrderLockerID, r.StationName, r.Label = photo.String, order.String, ol.String,
			station.String, label.String
		r.CreatedAt, r.UpdatedAt, r.ResolvedAt = r.CreatedAt.UTC(), updated.Time.UTC(), resolved.Time.UTC()
		if !updated.Valid {
			r.UpdatedAt = r.CreatedAt
		}
		r.Answers = []issue.Answer{}
		at[r.ID] = len(list)
		list = append(list, r)
	}
	if err := rows.Err(); err != nil || len(list) == 0 {
		return list, err
	}
	return list, s.answers(ctx, list, at, cond, args)
}

// answers fills in the operators' notes on the listed reports, oldest first.
func (s *Store) answers(ctx context.Context, list []issue.Report, at map[string]int, cond string, args []any) error {
	rows, err := s.db.QueryContext(ctx, `SELECT n.issue_id, n.note, n.to_state, n.created_at
		FROM issue_notes n JOIN locker_issues i ON i.id = n.issue_id
		WHERE NOT n.internal AND `+cond+` ORDER BY n.created_at, n.id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var issueID string
		var a issue.Answer
		if err := rows.Scan(&issueID, &a.Text, &a.State, &a.CreatedAt); err != nil {
			return err
		}
		if k, ok := at[issueID]; ok {
			a.CreatedAt = a.CreatedAt.UTC()
			list[k].Answers = append(list[k].Answers, a)
		}
	}
	return rows.Err()
}
