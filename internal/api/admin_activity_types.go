package api

import "lockers/internal/backoffice"

// AdminActivityListInput is events.activity's input: the server's own log,
// one source (signin, door, payment, webhook, station) or all; payment is the
// money's whole story: the attempt (source payment), the payment made (paid)
// and each refund (refund: what is full or partial), each at its own time.
type AdminActivityListInput struct {
	Cursor   string `json:"cursor,omitempty"`
	Limit    int    `json:"limit,omitempty"`
	Source   string `json:"source,omitempty"`
	UserUUID string `json:"userUuid,omitempty" input:"uuid"`
	From     string `json:"from,omitempty"`
	To       string `json:"to,omitempty"`
}

// AdminActivity is one entry of the server's log (backoffice.ActivityRow).
type AdminActivity struct {
	ID       string `json:"id"`
	Source   string `json:"source"`
	At       string `json:"at"`
	UserUUID string `json:"userUuid"`
	// UserEmail names the user ("" once they are deleted).
	UserEmail string `json:"userEmail"`
	What      string `json:"what"`
	Subject   string `json:"subject"`
	Detail    string `json:"detail"`
}

// AdminActivityPage is one page of the server's log, newest first.
type AdminActivityPage struct {
	Items []AdminActivity `json:"items"`
	Next  string          `json:"next"`
}

func adminActivity(r backoffice.ActivityRow) AdminActivity {
	return AdminActivity{ID: r.ID, Source: r.Source, At: rfc3339(r.At), UserUUID: r.UserID, UserEmail: r.UserEmail, What: r.What,
		Subject: r.Subject, Detail: r.Detail}
}

// AdminDoorCommand is a door command for one of an order's compartments:
// reason app, kiosk, retry or repair, the kind of code typed at the kiosk, and
// when the station accepted or rejected it and the door opened and closed ("" until then).
type AdminDoorCommand struct {
	UUID       string `json:"uuid"`
	Label      string `json:"label"`
	Reason     string `json:"reason"`
	CodeKind   string `json:"codeKind"`
	CreatedAt  string `json:"createdAt"`
	AcceptedAt string `json:"acceptedAt"`
	RejectedAt string `json:"rejectedAt"`
	OpenedAt   string `json:"openedAt"`
	ClosedAt   string `json:"closedAt"`
}

func adminDoorCommand(d backoffice.DoorCommandRow) AdminDoorCommand {
	return AdminDoorCommand{UUID: d.ID, Label: d.Label, Reason: d.Reason, CodeKind: d.CodeKind,
		CreatedAt: rfc3339(d.CreatedAt), AcceptedAt: rfc3339(d.AcceptedAt), RejectedAt: rfc3339(d.RejectedAt),
		OpenedAt: rfc3339(d.OpenedAt), ClosedAt: rfc3339(d.ClosedAt)}
}
