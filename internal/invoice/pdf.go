package invoice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lockers/internal/apperr"
)

// PDF prints one of the user's invoices or credit notes in lang (en or et), or
// in the user's stored language when lang is empty. Another user's invoice is
// INVOICE_NOT_FOUND; any other language BAD_INPUT.
func (s *Service) PDF(ctx context.Context, userID, id, lang string) (PDF, error) {
	if err := checkLanguage(lang); err != nil {
		return PDF{}, err
	}
	inv, err := s.Get(ctx, userID, id)
	if err != nil {
		return PDF{}, err
	}
	return s.render(ctx, inv, lang)
}

// LinkedPDF prints an invoice for a request that carries a valid signed link
// (see invoicelink): the link was handed to the invoice's owner by invoice.get,
// so it stands for the owner.
func (s *Service) LinkedPDF(ctx context.Context, id, lang string) (PDF, error) {
	if err := checkLanguage(lang); err != nil {
		return PDF{}, err
	}
	if !ValidID(id) {
		return PDF{}, notFound()
	}
	inv, err := s.store.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return PDF{}, notFound()
	}
	if err != nil {
		return PDF{}, fmt.Errorf("invoice: get: %w", err)
	}
	return s.render(ctx, inv, lang)
}

// render prints inv as it was issued: its own seller, buyer and zone. The
// account now only chooses the default language, and a deleted account's
// name and e-mail are not printed.
func (s *Service) render(ctx context.Context, inv Invoice, lang string) (PDF, error) {
	account, err := s.buyers.Buyer(ctx, inv.UserID)
	if err != nil {
		return PDF{}, fmt.Errorf("invoice: buyer of %s: %w", inv.Number, err)
	}
	if lang == "" {
		lang = account.Language
	}
	if lang != Estonian {
		lang = English
	}
	buyer := inv.Buyer
	if account.Deleted {
		buyer = Buyer{}
	}
	zone, err := s.stationZone(ctx, inv)
	if err != nil {
		return PDF{}, fmt.Errorf("invoice: station zone of %s: %w", inv.Number, err)
	}
	pdf, err := s.renderer.Render(Document{Invoice: inv, Buyer: buyer, Language: lang, StationZone: zone})
	if err != nil {
		return PDF{}, fmt.Errorf("invoice: print %s: %w", inv.Number, err)
	}
	return pdf, nil
}

func checkLanguage(lang string) error {
	if lang != "" && lang != English && lang != Estonian {
		return apperr.Field(apperr.BadInput, "lang", "language must be en or et")
	}
	return nil
}

// stationZone is the zone the invoice kept (or, on one issued before zones
// were kept and not backfilled, its order's station's now); a name the time
// zone database does not know falls back to Zone.
func (s *Service) stationZone(ctx context.Context, inv Invoice) (*time.Location, error) {
	name := inv.StationZone
	if name == "" {
		var err error
		if name, err = s.store.StationZone(ctx, inv.OrderID); err != nil {
			return nil, err
		}
	}
	loc, err := time.LoadLocation(name)
	if err != nil || name == "" {
		return Zone, nil
	}
	return loc, nil
}
