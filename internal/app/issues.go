package app

import (
	"context"
	"log/slog"
	"time"

	"lockers/internal/adapters/photostore"
	"lockers/internal/clock"
	"lockers/internal/config"
	"lockers/internal/issue"
	"lockers/internal/issue/issuesql"
	"lockers/internal/store"
)

// newIssues returns the issue-report service with its photo store: the
// PHOTO_S3_URL bucket when set, else the PHOTO_DIR folder.
func newIssues(cfg config.Config, db *store.DB, log *slog.Logger) (*issue.Service, error) {
	var photos issue.PhotoStore
	if cfg.PhotoS3URL != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		s3, err := photostore.NewS3(ctx, cfg.PhotoS3URL)
		if err != nil {
			return nil, err
		}
		photos = s3
		log.Info("issue photos are kept in the PHOTO_S3_URL bucket")
	} else {
		disk, err := photostore.NewDisk(cfg.PhotoDir)
		if err != nil {
			return nil, err
		}
		photos = disk
	}
	return issue.NewService(issuesql.New(db), photos, clock.Now), nil
}
