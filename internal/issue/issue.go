// Package issue is the users' side of issue reports (issue 16, the spec's "add
// issue"): a user reports a problem (a category, a text, maybe a photo and an
// order locker) and follows its state and the operators' answers on /issues.
// A report is a locker_issues row of kind user_report, the table operators
// work in /admin/issues (internal/backoffice); a photo is uploaded first
// (SavePhoto), checked by content, and attached by its reference.
package issue

import (
	"context"
	"io"
	"time"
)

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

// listLimitSQL bounds /issues: a user has a handful of reports; the newest
// hundred is all the screen shows.
const listLimitSQL = "100"
