package api

import (
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// AdminIssueListInput is issues.list's input; every filter is optional.
type AdminIssueListInput struct {
	Cursor      string `json:"cursor,omitempty"`
	Limit       int    `json:"limit,omitempty"`
	State       string `json:"state,omitempty" ts:"'open' | 'in_progress' | 'resolved'"`
	StationUUID string `json:"stationUuid,omitempty" input:"uuid"`
	Kind        string `json:"kind,omitempty" ts:"'door_did_not_open' | 'door_left_open' | 'temperature_out_of_range' | 'station_offline' | 'unexpected_door_opening' | 'user_report'"`
}

// AdminIssueInput names one issue.
type AdminIssueInput struct {
	IssueUUID string `json:"issueUuid" input:"uuid"`
}

// Validate requires the issue id.
func (in AdminIssueInput) Validate() error {
	if in.IssueUUID == "" {
		return apperr.Field(apperr.MissingParams, "issueUuid", "issue is required")
	}
	return nil
}

// AdminIssueUpdateInput is issues.update's input: a note (required,
// MISSING_NOTE) and, optionally, the issue's next state ("" keeps it).
type AdminIssueUpdateInput struct {
	IssueUUID string `json:"issueUuid" input:"uuid"`
	State     string `json:"state,omitempty" ts:"'open' | 'in_progress' | 'resolved'"`
	Note      string `json:"note" input:"text"`
	// Internal keeps the note in the back office; otherwise it answers the
	// user who reported the issue.
	Internal bool `json:"internal,omitempty"`
	// RequestUUID is the form's key for one submit: the same key again adds
	// nothing (a double-click, a retry).
	RequestUUID string `json:"requestUuid,omitempty" input:"uuid"`
}

// Validate requires the issue id.
func (in AdminIssueUpdateInput) Validate() error {
	return AdminIssueInput{IssueUUID: in.IssueUUID}.Validate()
}

// AdminIssue is an issue for operators: raised by the system (a door that did
// not open, a temperature alarm) or reported by a user. Fields that do not
// apply are "".
type AdminIssue struct {
	UUID        string `json:"uuid"`
	Kind        string `json:"kind" ts:"'door_did_not_open' | 'door_left_open' | 'temperature_out_of_range' | 'station_offline' | 'unexpected_door_opening' | 'user_report'"`
	State       string `json:"state" ts:"'open' | 'in_progress' | 'resolved'"`
	StationUUID string `json:"stationUuid"`
	StationName string `json:"stationName"`
	// TimeZone is the station's (IANA; "" for an issue of no station): its times
	// are shown on that clock, labelled.
	TimeZone        string `json:"timeZone"`
	CompartmentUUID string `json:"compartmentUuid"`
	Label           string `json:"label"`
	OrderUUID       string `json:"orderUuid"`
	OrderLockerUUID string `json:"orderLockerUuid"`
	UserUUID        string `json:"userUuid"`
	UserEmail       string `json:"userEmail"`
	Category        string `json:"category"`
	Text            string `json:"text"`
	PhotoRef        string `json:"photoRef"`
	CreatedAt       string `json:"createdAt"`
	UpdatedAt       string `json:"updatedAt"`
	ResolvedAt      string `json:"resolvedAt"`
}

// AdminIssuePage is one page of issues, newest first.
type AdminIssuePage struct {
	Items []AdminIssue `json:"items"`
	Next  string       `json:"next"`
}

// AdminIssueNote is one entry of an issue's history: a note, and the state
// change it came with (fromState = toState when the state stayed).
type AdminIssueNote struct {
	UUID        string `json:"uuid"`
	AuthorUUID  string `json:"authorUuid"`
	AuthorEmail string `json:"authorEmail"`
	FromState   string `json:"fromState"`
	ToState     string `json:"toState"`
	Note        string `json:"note"`
	Internal    bool   `json:"internal"` // for operators only; the others the reporting user sees
	CreatedAt   string `json:"createdAt"`
}

// AdminIssueDetail is issues.get's and issues.update's answer: the issue and
// its notes, oldest first.
type AdminIssueDetail struct {
	Issue AdminIssue       `json:"issue"`
	Notes []AdminIssueNote `json:"notes"`
}

func adminIssue(i backoffice.IssueRow) AdminIssue {
	return AdminIssue{UUID: i.ID, Kind: i.Kind, State: i.State, StationUUID: i.StationID, StationName: i.StationName,
		TimeZone: i.TimeZone, CompartmentUUID: i.LockerID, Label: i.Label, OrderUUID: i.OrderID, OrderLockerUUID: i.OrderLockerID,
		UserUUID: i.UserID, UserEmail: i.UserEmail, Category: i.Category, Text: i.Text, PhotoRef: i.PhotoRef,
		CreatedAt: rfc3339(i.CreatedAt), UpdatedAt: rfc3339(i.UpdatedAt), ResolvedAt: rfc3339(i.ResolvedAt)}
}

func adminIssueDetail(d backoffice.IssueDetail) AdminIssueDetail {
	return AdminIssueDetail{Issue: adminIssue(d.Issue), Notes: mapAll(d.Notes, func(n backoffice.IssueNote) AdminIssueNote {
		return AdminIssueNote{UUID: n.ID, AuthorUUID: n.AuthorID, AuthorEmail: n.AuthorEmail, FromState: n.FromState,
			ToState: n.ToState, Note: n.Note, Internal: n.Internal, CreatedAt: rfc3339(n.CreatedAt)}
	})}
}
