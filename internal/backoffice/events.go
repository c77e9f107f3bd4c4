package backoffice

import (
	"time"
)

// EventFilter narrows the client event log (event.track); empty fields do not filter.
type EventFilter struct {
	Type     string
	UserID   string
	From, To time.Time
	Cursor   string
	Limit    int
}

// EventPage is one page of client events, newest first.
type EventPage struct {
	Events []EventRow
	Next   string
}
