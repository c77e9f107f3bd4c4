package invoice

import (
	"context"
	"fmt"
)

// FreezeSeller fixes the seller of the invoices issued before each invoice
// kept its own (migration 00037): they take the configured seller once, the
// one they printed until then, and keep it whatever the configuration says
// later. lockerd calls it at start; it changes nothing the second time.
func (s *Service) FreezeSeller(ctx context.Context) error {
	n, err := s.store.FreezeSeller(ctx, s.seller)
	if err != nil {
		return fmt.Errorf("invoice: freeze seller: %w", err)
	}
	if n > 0 {
		s.log.InfoContext(ctx, "invoices from before sellers were kept now keep the configured seller", "invoices", n)
	}
	return nil
}

// ForgetDeletedBuyers erases the name and e-mail that invoices of deleted
// accounts keep: the invoices stay for the accounts, without personal data,
// as account deletion promises. A deleted account's invoices print
// "(account deleted)" from the moment of deletion (render asks the account);
// this periodic pass then removes the copies themselves.
func (s *Service) ForgetDeletedBuyers(ctx context.Context) error {
	n, err := s.store.ForgetBuyers(ctx)
	if err != nil {
		return fmt.Errorf("invoice: forget deleted buyers: %w", err)
	}
	if n > 0 {
		s.log.InfoContext(ctx, "buyers erased from the invoices of deleted accounts", "invoices", n)
	}
	return nil
}
