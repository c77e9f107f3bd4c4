package backoffice_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/demo"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/issue"
	"lockers/internal/txn"
)

// TestAnOperatorsNoteAnswersTheReporter: a note on a user's own report is
// handed to Answered (the notification "issue answered") in the note's
// transaction; a note on an alarm has nobody to tell.
func TestAnOperatorsNoteAnswersTheReporter(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		var answers []backoffice.Answer
		svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(o.db, func() time.Time { return t0.Add(24 * time.Hour) }),
			Answered: func(_ context.Context, tx txn.Tx, a backoffice.Answer) error {
				if tx == nil {
					t.Error("answered outside the note's transaction")
				}
				answers = append(answers, a)
				return nil
			}})
		must(t, err)
		reporter := o.user("reporter@example.com", "Rita", "Reporter", t0)
		report := uuid.NewString()
		o.exec(`INSERT INTO locker_issues (id, station_id, user_id, kind, category, body, created_at)
			VALUES ($1, $2, $3, 'user_report', 'dirty', 'Sticky shelf', $4)`, report, demo.Stations[1].ID, reporter, t0)
		alarm := uuid.NewString()
		must(t, hardwaresql.New(o.db).MarkBroken(context.Background(), demo.LockerID(1, 1), "", alarm, t0))

		_, err = svc.UpdateIssue(o.ctx(), report, backoffice.IssueUpdate{State: issue.InProgress, Note: "Cleaned it this morning, sorry!"})
		must(t, err)
		_, err = svc.UpdateIssue(o.ctx(), alarm, backoffice.IssueUpdate{State: issue.InProgress, Note: "technician on the way"})
		must(t, err)
		if len(answers) != 1 || answers[0].UserID != reporter || answers[0].IssueID != report ||
			answers[0].Text != "Cleaned it this morning, sorry!" || answers[0].NoteID == "" {
			t.Fatalf("answers %+v", answers)
		}
	})
}
