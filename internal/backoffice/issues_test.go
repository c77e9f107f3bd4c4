package backoffice_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/demo"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/issue"
)

// TestIssues: a door that did not open (raised by the hardware domain's own
// path, which names only the locker) lands at its station; a user's report
// fits the same table; the list filters by state, station and kind and pages
// by key; an update needs a note, moves the state by the allowed steps only,
// keeps the notes' history and is audited; the dashboard counts what is open.
func TestIssues(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		ctx := context.Background()
		hw := hardwaresql.New(o.db)
		var doorIssues []string
		for i := 0; i < 3; i++ {
			id := uuid.NewString()
			must(t, hw.MarkBroken(ctx, demo.LockerID(1, i+1), "", id, t0.Add(time.Duration(i)*time.Minute)))
			doorIssues = append(doorIssues, id)
		}
		reporter := o.user("reporter@example.com", "Rita", "Reporter", t0)
		report := uuid.NewString()
		o.exec(`INSERT INTO locker_issues (id, station_id, user_id, kind, category, body, photo_ref, created_at)
			VALUES ($1, $2, $3, 'user_report', 'dirty', 'Sticky shelf', 'photos/1.jpg', $4)`,
			report, demo.Stations[1].ID, reporter, t0.Add(time.Hour))
		o.exec(`UPDATE stations SET time_zone = 'Europe/Helsinki' WHERE id = $1`, demo.Stations[1].ID)

		all, err := o.svc.Issues(o.ctx(), backoffice.IssueFilter{})
		must(t, err)
		if len(all.Issues) != 4 || all.Issues[0].ID != report || all.Issues[0].UserEmail != "reporter@example.com" ||
			all.Issues[0].Text != "Sticky shelf" || all.Issues[0].PhotoRef != "photos/1.jpg" {
			t.Fatalf("newest first with the report's fields: %+v", all.Issues)
		}
		door := all.Issues[1]
		if door.ID != doorIssues[2] || door.StationID != demo.Stations[0].ID || door.Label == "" ||
			door.State != issue.Open || door.Kind != string(hardware.IssueDoorDidNotOpen) {
			t.Fatalf("door issue at its locker's station: %+v", door)
		}
		if all.Issues[0].TimeZone != "Europe/Helsinki" || door.TimeZone != "Europe/Tallinn" {
			t.Fatalf("each issue names its station's zone: %q, %q", all.Issues[0].TimeZone, door.TimeZone)
		}

		st, err := o.svc.Issues(o.ctx(), backoffice.IssueFilter{StationID: demo.Stations[0].ID, Kind: string(hardware.IssueDoorDidNotOpen), Limit: 2})
		must(t, err)
		if len(st.Issues) != 2 || st.Next == "" {
			t.Fatalf("first page of two: %+v", st)
		}
		rest, err := o.svc.Issues(o.ctx(), backoffice.IssueFilter{StationID: demo.Stations[0].ID, Kind: string(hardware.IssueDoorDidNotOpen), Limit: 2, Cursor: st.Next})
		must(t, err)
		if len(rest.Issues) != 1 || rest.Issues[0].ID != doorIssues[0] || rest.Next != "" {
			t.Fatalf("last page: %+v", rest)
		}
		_, err = o.svc.Issues(o.ctx(), backoffice.IssueFilter{State: "closed"})
		wantCode(t, err, apperr.BadInput)

		_, err = o.svc.UpdateIssue(o.ctx(), door.ID, backoffice.IssueUpdate{State: issue.InProgress, Note: " "})
		wantCode(t, err, apperr.MissingNote)
		_, err = o.svc.UpdateIssue(o.ctx(), uuid.NewString(), backoffice.IssueUpdate{State: issue.InProgress, Note: "looking"})
		wantCode(t, err, apperr.BadInput)
		d, err := o.svc.UpdateIssue(o.ctx(), door.ID, backoffice.IssueUpdate{State: issue.InProgress, Note: "technician on the way"})
		must(t, err)
		if d.Issue.State != issue.InProgress || len(d.Notes) != 1 || d.Notes[0].FromState != "open" ||
			d.Notes[0].AuthorEmail != "admin@example.com" {
			t.Fatalf("in progress with a note: %+v", d)
		}
		d, err = o.svc.UpdateIssue(o.ctx(), door.ID, backoffice.IssueUpdate{State: "", Note: "hinge ordered"})
		must(t, err)
		if d.Issue.State != issue.InProgress || len(d.Notes) != 2 {
			t.Fatalf("a note alone keeps the state: %+v", d)
		}
		d, err = o.svc.UpdateIssue(o.ctx(), door.ID, backoffice.IssueUpdate{State: issue.Resolved, Note: "hinge replaced"})
		must(t, err)
		if d.Issue.State != issue.Resolved || d.Issue.ResolvedAt.IsZero() || len(d.Notes) != 3 {
			t.Fatalf("resolved: %+v", d)
		}
		_, err = o.svc.UpdateIssue(o.ctx(), door.ID, backoffice.IssueUpdate{State: issue.InProgress, Note: "again"})
		wantCode(t, err, apperr.CantChange)
		got, err := o.svc.Issue(o.ctx(), door.ID)
		must(t, err)
		if got.Issue.State != issue.Resolved || len(got.Notes) != 3 || got.Notes[2].Note != "hinge replaced" {
			t.Fatalf("issues.get: %+v", got)
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.issues.update' AND target_id = $1`, door.ID); n != 3 {
			t.Fatalf("%d audit rows, want 3", n)
		}

		open, err := o.svc.Issues(o.ctx(), backoffice.IssueFilter{State: issue.Open})
		must(t, err)
		if len(open.Issues) != 3 {
			t.Fatalf("%d open, want 3", len(open.Issues))
		}
		dash, err := o.svc.Dashboard(o.ctx())
		must(t, err)
		if dash.OpenIssues != 3 {
			t.Fatalf("dashboard open issues %d, want 3", dash.OpenIssues)
		}
	})
}
