package issue

import (
	"context"
	"database/sql"
)

// reports reads the reports matching cond (on locker_issues i), newest first,
// and their answers.
func (s *Service) reports(ctx context.Context, cond string, args ...any) ([]Report, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT i.id, i.category, i.body, i.state, i.photo_ref, ol.order_id,
		i.order_locker_id, st.name, l.label, i.created_at, i.updated_at, i.resolved_at
		FROM locker_issues i LEFT JOIN order_lockers ol ON ol.id = i.order_locker_id
		LEFT JOIN lockers l ON l.id = i.locker_id LEFT JOIN stations st ON st.id = i.station_id
		WHERE `+cond+` ORDER BY i.created_at DESC, i.id DESC LIMIT `+listLimitSQL, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []Report{}
	at := map[string]int{}
	for rows.Next() {
		var (
			r                                Report
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
		r.Answers = []Answer{}
		at[r.ID] = len(list)
		list = append(list, r)
	}
	if err := rows.Err(); err != nil || len(list) == 0 {
		return list, err
	}
	return list, s.answers(ctx, list, at, cond, args)
}

// answers fills in the operators' notes on the listed reports, oldest first.
func (s *Service) answers(ctx context.Context, list []Report, at map[string]int, cond string, args []any) error {
	rows, err := s.db.QueryContext(ctx, `SELECT n.issue_id, n.note, n.to_state, n.created_at
		FROM issue_notes n JOIN locker_issues i ON i.id = n.issue_id
		WHERE `+cond+` ORDER BY n.created_at, n.id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var issueID string
		var a Answer
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
