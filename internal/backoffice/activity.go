package backoffice

import (
	"time"
)

// The server's own log, next to the client events (Events) and the audit of
// admin writes (Audit): what happened without an operator, read from the
// tables that record it. Nothing is written twice for the log's sake.
const (
	SourceSignIn  = "signin"  // a session began (auth.login, auth.authorize, a reset)
	SourceDoor    = "door"    // a door command: from the app, the kiosk, a retry or a repair
	SourcePayment = "payment" // a payment attempt (when it began) and its state now
	SourcePaid    = "paid"    // a payment went through, at the time it did
	SourceRefund  = "refund"  // money went back, whole or part, at the time it did
	SourceWebhook = "webhook" // a payment provider's webhook received
	SourceStation = "station" // an event a station's controller sent (door, status, alarm, ...)
)

// ActivitySources are the sources in the order rows of one instant are listed.
var ActivitySources = []string{SourceWebhook, SourceStation, SourceSignIn, SourcePayment, SourcePaid, SourceRefund, SourceDoor}

// SourceGroups are the filter's names for several sources: "payment" is the
// money's whole story (attempts, payments made, refunds).
var SourceGroups = map[string][]string{SourcePayment: {SourcePayment, SourcePaid, SourceRefund}}

// ActivityFilter narrows the log; empty fields do not filter. A user filter
// leaves out the sources that have no user (webhooks, stations).
type ActivityFilter struct {
	Source   string
	UserID   string
	From, To time.Time
	Cursor   string
	Limit    int
}

// ActivityRow is one entry. What is the source's own word (a sign-in's is
// "signin"; a door command's its reason; a payment's its state; a webhook's
// its event type; a station event's kind); Subject is what it is
// about (the locker, the order, the provider, the station); Detail adds the
// outcome (a door command's: opened, rejected, sent) or the amount.
type ActivityRow struct {
	Source, ID    string
	At            time.Time
	UserID        string
	UserEmail     string // "" when the user is gone or the row names none
	What, Subject string
	Detail        string
}

// ActivityPage is one page of the log, newest first.
type ActivityPage struct {
	Items []ActivityRow
	Next  string
}
