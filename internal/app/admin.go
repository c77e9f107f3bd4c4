package app

import (
	"context"
	"log/slog"
	"os"
	"os/user"

	"lockers/internal/config"
)

// GrantRole gives the user with this e-mail a role (ADMIN or MANAGER): the
// operator's way to make the first back-office user (`lockerd grant-role`).
func GrantRole(ctx context.Context, cfg config.Config, log *slog.Logger, email, role string) error {
	return withServices(ctx, cfg, log, func(svc *services) error {
		// Through the back office, so the change is audited like one made on its
		// screens (no actor: the command line; the note names the OS user).
		_, err := svc.deps.Backoffice.GrantRoleOnCommandLine(ctx, email, role, commandLineUser())
		return err
	})
}

// withServices runs one command-line step (grant-role, station-credentials)
// with the database and the services lockerd serves with, and closes them.
func withServices(ctx context.Context, cfg config.Config, log *slog.Logger, step func(*services) error) error {
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
	return step(svc)
}

// commandLineUser is who runs the command, as the operating system names them.
func commandLineUser() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return os.Getenv("USER")
}
