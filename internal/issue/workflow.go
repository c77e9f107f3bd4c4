package issue

import (
	"context"
	"errors"
	"time"

	"lockers/internal/apperr"
)

// Steps are what an operator's update does to an issue, inside the caller's
// transaction (the back office's, which records the audit row in it too).
type Steps interface {
	// Head reads an issue's state and the user who reported it ("" for an
	// issue the hardware raised); ErrNotFound when there is none.
	Head(ctx context.Context, id string) (state, userID string, err error)
	// SetState moves the issue (resolved_at is set on resolved and cleared
	// otherwise) and stamps updated_at.
	SetState(ctx context.Context, id, state string, at time.Time) error
	// Touch stamps updated_at.
	Touch(ctx context.Context, id string, at time.Time) error
	AddNote(ctx context.Context, n Note) error
}

// Note is one step of an issue's history: an operator's text and the state
// before and after it.
type Note struct {
	ID, IssueID, AuthorID string
	From, To              string
	Text                  string
	// Internal notes stay in the back office; the others answer the user
	// who reported the issue (they see them with their report).
	Internal bool
	At       time.Time
}

// moves are the state changes an operator may make: forward through open →
// in_progress → resolved (skipping "in progress" for a quick fix), back from
// in_progress to open, and reopening a resolved issue that came back.
var moves = map[[2]string]bool{
	{Open, InProgress}:     true,
	{Open, Resolved}:       true,
	{InProgress, Resolved}: true,
	{InProgress, Open}:     true,
	{Resolved, Open}:       true,
}

// CanMove reports whether an operator may move an issue from one state to another.
func CanMove(from, to string) bool { return moves[[2]string{from, to}] }

// ErrNoIssue: the catalogue has no ISSUE_NOT_FOUND; an unknown id is bad input.
var ErrNoIssue = apperr.Field(apperr.BadInput, "issueUuid", "no such issue")

// Updated is what Update did: the states before and after, the note's id and
// the reporting user ("" for a hardware issue), whom the note answers.
type Updated struct {
	From, To string
	NoteID   string
	UserID   string
}

// Update adds an operator's note (its text checked by the caller) to the
// issue and, when state is set and differs, moves it there: BAD_INPUT for an
// unknown state or issue, CANT_CHANGE for a move CanMove refuses.
func Update(ctx context.Context, tx Steps, id, authorID, state, text string, internal bool, at time.Time) (Updated, error) {
	if state != "" && !ValidState(state) {
		return Updated{}, apperr.Field(apperr.BadInput, "state", "unknown state")
	}
	if !validID(id) {
		return Updated{}, ErrNoIssue
	}
	from, userID, err := tx.Head(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return Updated{}, ErrNoIssue
	}
	if err != nil {
		return Updated{}, err
	}
	to := from
	if state != "" && state != from {
		if !CanMove(from, state) {
			return Updated{}, apperr.New(apperr.CantChange, "an issue cannot go from %s to %s", from, state)
		}
		to = state
		err = tx.SetState(ctx, id, to, at)
	} else {
		err = tx.Touch(ctx, id, at)
	}
	if err != nil {
		return Updated{}, err
	}
	n := Note{ID: newID(), IssueID: id, AuthorID: authorID, From: from, To: to, Text: text, Internal: internal, At: at}
	if err := tx.AddNote(ctx, n); err != nil {
		return Updated{}, err
	}
	return Updated{From: from, To: to, NoteID: n.ID, UserID: userID}, nil
}
