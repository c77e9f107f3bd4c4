package backoffice

import (
	"context"
	"errors"
	"time"

	"lockers/internal/audit"

	"lockers/internal/apperr"
	"lockers/internal/issue"
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
	TimeZone      string // the station's IANA zone ("" for an issue of no station)
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
	Internal    bool // for operators only; the others the reporting user sees
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

// IssueUpdate is an operator's step on an issue: a note (required,
// MISSING_NOTE), maybe a next state, whether the note is internal, and the
// form's request key (a double-click or a retry adds the note once).
type IssueUpdate struct {
	State, Note string
	Internal    bool
	RequestID   string
}

// UpdateIssue adds a note to an issue and, when state is set and differs,
// moves it there by the issue domain's workflow (issue.Update: CANT_CHANGE
// for a move it refuses). A note that is not internal answers the user who
// reported the issue; an internal one stays in the back office. The note,
// the change, the user's answer and the audit row commit together; the same
// request key again changes nothing and answers the issue as it is.
func (s *Service) UpdateIssue(ctx context.Context, id string, in IssueUpdate) (IssueDetail, error) {
	state := in.State
	note, err := requiredNote(in.Note)
	if err != nil {
		return IssueDetail{}, err
	}
	if in.RequestID != "" && !validID(in.RequestID) {
		return IssueDetail{}, apperr.Field(apperr.BadInput, "requestUuid", "not an id")
	}
	if state != "" && !issue.ValidState(state) {
		return IssueDetail{}, apperr.Field(apperr.BadInput, "state", "unknown state")
	}
	p, err := actor(ctx)
	if err != nil {
		return IssueDetail{}, err
	}
	var out IssueDetail
	err = s.write(ctx, "admin.issues.update", "issue", id, note, func(tx Tx, now time.Time) (change, error) {
		if err := tx.Audit.ClaimRequest(ctx, in.RequestID, "admin.issues.update", id, now); err != nil {
			return change{}, err
		}
		u, err := issue.Update(ctx, tx.Issues, id, p.UserID, state, note, in.Internal, now)
		if err != nil {
			return change{}, err
		}
		// A user's own report: a note for them is their answer (the spec's "issue answered").
		if u.UserID != "" && !in.Internal && s.answer != nil {
			if err := s.answer(ctx, tx.Txn, Answer{NoteID: u.NoteID, IssueID: id, UserID: u.UserID, Text: note}); err != nil {
				return change{}, err
			}
		}
		if out, err = tx.Read.IssueDetail(ctx, id); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"state": u.From},
			After: map[string]any{"state": u.To, "internal": in.Internal}}, nil
	})
	if errors.Is(err, audit.ErrRepeated) {
		out, err = s.store.Issue(ctx, id)
		return out, internal("issue", err)
	}
	return out, err
}
