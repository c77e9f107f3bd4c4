package app

import (
	"context"
	"log/slog"

	"lockers/internal/config"
)

// GrantRole gives the user with this e-mail a role (ADMIN or MANAGER): the
// operator's way to make the first back-office user (`lockerd grant-role`).
func GrantRole(ctx context.Context, cfg config.Config, log *slog.Logger, email, role string) error {
	db, err := OpenStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	svc, err := newServices(cfg, db, log)
	if err != nil {
		return err
	}
	defer svc.accounts.Wait()
	return svc.accounts.GrantRole(ctx, email, role)
}
