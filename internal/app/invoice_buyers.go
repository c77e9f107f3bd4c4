package app

import (
	"context"
	"strings"

	"lockers/internal/account"
	"lockers/internal/invoice"
)

// userReader is the accounts store's read of one user.
type userReader interface {
	UserByID(ctx context.Context, id string) (account.User, error)
}

// accountBuyers answers the invoices' Buyers port from the accounts store: the
// account as it is now (its language, and whether it is deleted, which keeps
// personal data off its invoices; they print the buyer they were issued to).
type accountBuyers struct{ users userReader }

func (b accountBuyers) Buyer(ctx context.Context, userID string) (invoice.Buyer, error) {
	u, err := b.users.UserByID(ctx, userID)
	if err != nil {
		return invoice.Buyer{}, err
	}
	return invoice.Buyer{Name: strings.TrimSpace(u.FirstName + " " + u.LastName), Email: u.Email,
		Language: string(u.Language), Deleted: !u.DeletedAt.IsZero()}, nil
}
