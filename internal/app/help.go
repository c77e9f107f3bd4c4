package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"lockers/internal/clock"
	"lockers/internal/help"
	"lockers/internal/help/helpsql"
	"lockers/internal/store"
)

// newHelp returns the help centre with the shipped Markdown seeded into the
// database: new and changed files are written, operators' edits are kept
// (docs/decisions/054-help-centre.md). A second process starting at the same
// time seeds the same content; the writes are idempotent.
func newHelp(db *store.DB, log *slog.Logger) (*help.Service, error) {
	svc := help.NewService(helpsql.New(db), clock.Now)
	nodes, err := help.LoadContent(help.Content, "content")
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := svc.Seed(ctx, nodes)
	if err != nil {
		return nil, fmt.Errorf("help: %w", err)
	}
	if r.Inserted+r.Updated+r.Removed+r.KeptEdited > 0 {
		log.Info("help centre seeded", "inserted", r.Inserted, "updated", r.Updated, "removed", r.Removed,
			"kept_edited", r.KeptEdited, "unchanged", r.Unchanged)
	}
	return svc, nil
}
