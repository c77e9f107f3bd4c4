package payment

import (
	"context"
	"errors"
	"fmt"

	"lockers/internal/apperr"
)

// Methods lists the user's saved cards of the provider in use, oldest first.
// Cards saved with another provider (before PAYMENT_PROVIDER changed) cannot be
// charged and are not shown; nor is an attempt to add a card that failed
// before any card was saved (issue 46): it is no card, and "Card being added —
// Failed" would stay in the list for good. Adding a card again starts afresh;
// Method still finds the attempt for the screen that watched it.
func (s *Service) Methods(ctx context.Context, userID string) ([]Method, error) {
	ms, err := s.store.Methods(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("payment: methods: %w", err)
	}
	out := ms[:0]
	for _, m := range ms {
		if m.Provider == s.provider.Name() && !m.failedAttempt() {
			out = append(out, m)
		}
	}
	return out, nil
}

// failedAttempt reports an attempt to add a card that failed with no card saved.
func (m Method) failedAttempt() bool { return m.State == MethodFailed && m.ProviderRef == "" }

// Method returns one of the user's cards; PAYMENT_METHOD_NOT_FOUND for anyone
// else's, a removed one or an unknown id.
func (s *Service) Method(ctx context.Context, userID, id string) (Method, error) {
	if !validID(id) {
		return Method{}, methodNotFound()
	}
	m, err := s.store.Method(ctx, userID, id)
	if errors.Is(err, ErrNotFound) || err == nil && m.Provider != s.provider.Name() {
		return Method{}, methodNotFound()
	}
	if err != nil {
		return Method{}, fmt.Errorf("payment: method: %w", err)
	}
	return m, nil
}

// AddMethod starts saving a card on the provider's hosted page and returns the
// card (state initial) and the page's URL. With id it finishes a half-added
// card (initial or failed) on a fresh page instead. The provider's
// notification makes the card valid; the first valid card becomes the default.
func (s *Service) AddMethod(ctx context.Context, userID, id, lang string) (Method, string, error) {
	if err := checkLang(lang); err != nil {
		return Method{}, "", err
	}
	now := s.Now()
	var m Method
	if id != "" {
		var err error
		if m, err = s.Method(ctx, userID, id); err != nil {
			return Method{}, "", err
		}
		if !m.Unfinished() {
			return Method{}, "", apperr.New(apperr.CantChange, "this card is saved already")
		}
	} else {
		n, err := s.store.CountMethods(ctx, userID)
		if err != nil {
			return Method{}, "", fmt.Errorf("payment: count methods: %w", err)
		}
		if n >= MaxMethods {
			return Method{}, "", apperr.New(apperr.Cant, "remove a card before adding another")
		}
		m = Method{ID: newID(), UserID: userID, Provider: s.provider.Name(), CreatedAt: now}
	}
	if m.CustomerRef == "" {
		ref, err := s.store.CustomerRef(ctx, userID, s.provider.Name())
		if err != nil {
			return Method{}, "", fmt.Errorf("payment: customer: %w", err)
		}
		m.CustomerRef = ref
	}
	pctx, cancel := s.call(ctx)
	h, err := s.provider.StartSetup(pctx, SetupRequest{MethodID: m.ID, UserID: userID, CustomerRef: m.CustomerRef, Lang: lang,
		SuccessURL: s.callback("method", "success", "paymentMethodUuid", m.ID),
		CancelURL:  s.callback("method", "cancel", "paymentMethodUuid", m.ID),
		FailureURL: s.callback("method", "failure", "paymentMethodUuid", m.ID)})
	cancel()
	if err != nil {
		s.log.WarnContext(ctx, "payment: card setup could not start", "method", m.ID, "err", err)
		return Method{}, "", chargeError()
	}
	m.SetupRef, m.SetupURL, m.State, m.Failure, m.UpdatedAt = h.Ref, h.URL, MethodInitial, "", now
	if h.CustomerRef != "" {
		m.CustomerRef = h.CustomerRef
	}
	err = s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		if id == "" {
			return tx.InsertMethod(ctx, m)
		}
		cur, err := tx.Method(ctx, userID, id)
		if err != nil {
			return err
		}
		if !cur.Unfinished() {
			return apperr.New(apperr.CantChange, "this card is saved already")
		}
		return tx.SaveMethod(ctx, m)
	})
	if errors.Is(err, ErrNotFound) {
		return Method{}, "", methodNotFound()
	}
	if err != nil {
		return Method{}, "", err
	}
	return m, h.URL, nil
}

// Activate makes a saved card the user's default (the spec's "active").
func (s *Service) Activate(ctx context.Context, userID, id string) (Method, error) {
	return s.changeMethod(ctx, userID, id, func(ctx context.Context, tx Tx, m *Method) error {
		if !m.Usable() {
			return apperr.New(apperr.CantChange, "only a saved card can be the default")
		}
		if err := tx.ClearDefault(ctx, userID, m.ID); err != nil {
			return err
		}
		m.Default = true
		return nil
	})
}

// Deactivate takes the default flag off a card; order.pay then needs a card named.
func (s *Service) Deactivate(ctx context.Context, userID, id string) (Method, error) {
	return s.changeMethod(ctx, userID, id, func(_ context.Context, _ Tx, m *Method) error {
		m.Default = false
		return nil
	})
}

// RemoveMethod removes a card (the app asks for confirmation first). Payments
// made with it keep their record; the provider forgets the card.
func (s *Service) RemoveMethod(ctx context.Context, userID, id string) error {
	var removed Method
	_, err := s.changeMethod(ctx, userID, id, func(ctx context.Context, tx Tx, m *Method) error {
		removed = *m
		return tx.RemoveMethod(ctx, *m, s.Now())
	})
	if err != nil {
		return err
	}
	if removed.ProviderRef != "" {
		pctx, cancel := s.call(ctx)
		defer cancel()
		if err := s.provider.Detach(pctx, removed); err != nil {
			// The card is gone for us; the provider keeps an unused copy.
			s.log.WarnContext(ctx, "payment: the provider could not forget a removed card", "method", id, "err", err)
		}
	}
	return nil
}

// changeMethod locks one of the user's cards, lets fn change it and saves it
// (unless fn removed it).
func (s *Service) changeMethod(ctx context.Context, userID, id string, fn func(context.Context, Tx, *Method) error) (Method, error) {
	if !validID(id) {
		return Method{}, methodNotFound()
	}
	var m Method
	err := s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		var err error
		if m, err = tx.Method(ctx, userID, id); err != nil {
			return err
		}
		if m.Provider != s.provider.Name() {
			return ErrNotFound
		}
		before := m
		if err := fn(ctx, tx, &m); err != nil {
			return err
		}
		if m == before {
			return nil
		}
		m.UpdatedAt = s.Now()
		return tx.SaveMethod(ctx, m)
	})
	if errors.Is(err, ErrNotFound) {
		return Method{}, methodNotFound()
	}
	return m, err
}
