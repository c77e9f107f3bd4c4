package api

import "lockers/internal/issue"

// IssueCreateInput is issue.create's input: a category, a text, and optionally
// a photo uploaded before (POST /c-core/issues/photos answers its photoRef)
// and the order locker the report is about.
type IssueCreateInput struct {
	Category        string `json:"category" ts:"'door_wont_open' | 'dirty' | 'damaged' | 'temperature' | 'other'"`
	Text            string `json:"text" input:"text"`
	PhotoRef        string `json:"photoRef,omitempty"`
	OrderLockerUUID string `json:"orderLockerUuid,omitempty" input:"uuid=ORDER_NOT_FOUND"`
}

// IssueAnswerView is an operator's answer and the state it moved the report to.
type IssueAnswerView struct {
	Text      string `json:"text"`
	State     string `json:"state" ts:"'open' | 'in_progress' | 'resolved'"`
	CreatedAt string `json:"createdAt"`
}

// IssueView is one of the caller's reports: what they sent, where, its state
// and the operators' answers, oldest first. Fields that do not apply are "".
type IssueView struct {
	UUID            string            `json:"uuid"`
	Category        string            `json:"category" ts:"'door_wont_open' | 'dirty' | 'damaged' | 'temperature' | 'other'"`
	Text            string            `json:"text"`
	State           string            `json:"state" ts:"'open' | 'in_progress' | 'resolved'"`
	PhotoRef        string            `json:"photoRef"`
	OrderUUID       string            `json:"orderUuid"`
	OrderLockerUUID string            `json:"orderLockerUuid"`
	StationName     string            `json:"stationName"`
	Label           string            `json:"label"`
	CreatedAt       string            `json:"createdAt"`
	UpdatedAt       string            `json:"updatedAt"`
	ResolvedAt      string            `json:"resolvedAt"`
	Answers         []IssueAnswerView `json:"answers"`
}

func issueView(r issue.Report) IssueView {
	return IssueView{UUID: r.ID, Category: r.Category, Text: r.Text, State: r.State, PhotoRef: r.PhotoRef,
		OrderUUID: r.OrderID, OrderLockerUUID: r.OrderLockerID, StationName: r.StationName, Label: r.Label,
		CreatedAt: rfc3339(r.CreatedAt), UpdatedAt: rfc3339(r.UpdatedAt), ResolvedAt: rfc3339(r.ResolvedAt),
		Answers: mapAll(r.Answers, func(a issue.Answer) IssueAnswerView {
			return IssueAnswerView{Text: a.Text, State: a.State, CreatedAt: rfc3339(a.CreatedAt)}
		})}
}
