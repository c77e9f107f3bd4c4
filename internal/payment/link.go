package payment

import (
	"context"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

// Link returns a one-time payment page for what the order owes (its price, or
// a pending extension's difference). The app opens it; the provider sends the
// browser back to /callback/order-payment/{status} (the order) or
// /callback/payment/{status} (an extension) while the app polls the order. The
// order is booked only by the provider's verified notification (or the
// reconciler's status query), never by the return page. Asking again within
// LinkReuseFor answers the same page.
func (s *Service) Link(ctx context.Context, userID, orderID, lang string) (string, order.Order, error) {
	if err := checkLang(lang); err != nil {
		return "", order.Order{}, err
	}
	if !validID(orderID) {
		return "", order.Order{}, orderNotFound()
	}
	var (
		p Payment
		d order.Due
	)
	err := s.inOrder(ctx, userID, orderID, func(ctx context.Context, tx Tx, o *order.Order, now time.Time) error {
		if o.InFlight() {
			return apperr.New(apperr.CantChange, "a payment is in progress; wait for it to finish")
		}
		var ok bool
		if d, ok = o.DueAt(now); !ok {
			return o.NotPayable(now)
		}
		var err error
		if p, err = s.attempt(ctx, tx, *o, d, FlowLink, "", now); err != nil {
			return err
		}
		o.PaymentStarted(d, false, now)
		return nil
	})
	if err != nil {
		return "", order.Order{}, err
	}
	if p.URL == "" {
		page := orderPage(d)
		pctx, cancel := s.call(ctx)
		h, err := s.provider.StartCheckout(pctx, CheckoutRequest{PaymentID: p.ID, UserID: userID, AmountCents: p.AmountCents,
			Currency: p.Currency, Description: description(p, lang), IdempotencyKey: p.IdempotencyKey, Lang: lang,
			SuccessURL: s.callback(page, "success", "orderUuid", orderID),
			CancelURL:  s.callback(page, "cancel", "orderUuid", orderID),
			FailureURL: s.callback(page, "failure", "orderUuid", orderID)})
		cancel()
		if err != nil {
			s.log.WarnContext(ctx, "payment: payment link could not be made", "payment", p.ID, "err", err)
			return "", order.Order{}, chargeError()
		}
		err = s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
			cur, err := tx.Payment(ctx, p.ID)
			if err != nil {
				return err
			}
			cur.ProviderRef, cur.URL, cur.UpdatedAt = h.Ref, h.URL, s.Now()
			p = cur
			return tx.SavePayment(ctx, cur)
		})
		if err != nil {
			return "", order.Order{}, err
		}
	}
	o, err := s.Order(ctx, userID, orderID)
	return p.URL, o, err
}
