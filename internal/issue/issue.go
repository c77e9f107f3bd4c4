// Package issue owns locker issues: what operators must look at, raised by a
// station's hardware (a door that did not open or was left open, a
// temperature out of range, a station gone offline) or reported by a user
// (issue 16, the spec's "add issue": a category, a text, maybe a photo and an
// order locker). It holds the kinds and states, the operators' workflow
// (Update: a note and maybe a move) and the users' side: a user reports and
// follows the state and the operators' answers on /issues. A photo is
// uploaded first (SavePhoto), checked by content, and attached by its
// reference. Its tables (locker_issues, issue_notes, issue_photos) are written
// only by issuesql; the hardware domain's store raises and resolves alarms
// through issuesql's transaction steps.
package issue

import (
	"context"
	"io"
	"time"
)

// Kinds of issue (locker_issues.kind). The station's hardware raises the
// first five (hardware.Issue names them); a user reports the last.
const (
	KindDoorDidNotOpen = "door_did_not_open"        // a command's door never reported open
	KindDoorLeftOpen   = "door_left_open"           // open longer than the hardware's limit
	KindTemperature    = "temperature_out_of_range" // out of range for the hardware's grace
	KindStationOffline = "station_offline"          // the controller is offline or silent
	KindUnexpectedOpen = "unexpected_door_opening"  // a door opened with no command of the server's in flight
	KindUserReport     = "user_report"
)

// States of an issue: open → in_progress → resolved (Update's moves).
const (
	Open       = "open"
	InProgress = "in_progress"
	Resolved   = "resolved"
)

// ValidKind reports a kind locker_issues holds.
func ValidKind(k string) bool {
	switch k {
	case KindDoorDidNotOpen, KindDoorLeftOpen, KindTemperature, KindStationOffline, KindUnexpectedOpen, KindUserReport:
		return true
	}
	return false
}

// ValidState reports one of the three states.
func ValidState(s string) bool { return s == Open || s == InProgress || s == Resolved }

// Categories a user picks from.
const (
	DoorWontOpen = "door_wont_open"
	Dirty        = "dirty"
	Damaged      = "damaged"
	Temperature  = "temperature"
	Other        = "other"
)

// Categories lists every category in the form's order.
var Categories = []string{DoorWontOpen, Dirty, Damaged, Temperature, Other}

// Limits of a report.
const (
	MaxTextRunes  = 2000
	MaxPhotoBytes = 5 << 20 // 5 MiB
)

// The quota of photos a user stores (docs/security.md, "Budgets and
// quotas"): the re-encoded bytes of the photos uploaded in the last
// QuotaWindow, a few dozen photos of at most MaxPhotoEdge pixels.
const (
	PhotoQuotaBytes = 30 << 20 // 30 MiB
	QuotaWindow     = 24 * time.Hour
)

// Report is a user's report as its author sees it.
type Report struct {
	ID            string
	Category      string
	Text          string
	State         string // open, in_progress, resolved
	PhotoRef      string
	OrderID       string
	OrderLockerID string
	StationName   string
	Label         string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	ResolvedAt    time.Time
	Answers       []Answer
}

// Answer is an operator's note on a report and the state it moved the report to.
type Answer struct {
	Text      string
	State     string
	CreatedAt time.Time
}

// NewReport is what a user sends; PhotoRef and OrderLockerID may be empty.
type NewReport struct {
	Category      string
	Text          string
	PhotoRef      string
	OrderLockerID string
}

// Photo is a stored photo's type and bytes.
type Photo struct {
	ContentType string
	Size        int64
	Body        io.ReadCloser
}

// PhotoStore keeps photo bytes under a key (the photo's id): a folder on disk
// by default, an S3-compatible bucket by configuration (internal/adapters/photostore).
type PhotoStore interface {
	Put(ctx context.Context, key, contentType string, data []byte) error
	Open(ctx context.Context, key string) (io.ReadCloser, error)
	Delete(ctx context.Context, key string) error
}

// ListLimit bounds /issues: a user has a handful of reports; the newest
// hundred is all the screen shows.
const ListLimit = 100
