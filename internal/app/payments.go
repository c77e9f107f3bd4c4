package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"lockers/internal/adapters/demopay"
	"lockers/internal/adapters/stripepay"
	"lockers/internal/clock"
	"lockers/internal/config"
	"lockers/internal/payment"
	"lockers/internal/payment/paymentsql"
	"lockers/internal/store"
)

// payments is the payment side of a running server: the service, the
// provider's webhook and, for the demo provider, its hosted pages.
type payments struct {
	service *payment.Service
	webhook http.Handler // POST /webhooks/{provider}
	demo    *demopay.Provider
}

// newPayments builds the provider named by PAYMENT_PROVIDER and the service.
// invoicer receives the paid and refunded facts (internal/invoice's service);
// returned tells a customer of money that came too late and went back.
func newPayments(cfg config.Config, db *store.DB, invoicer payment.Invoicer, returned func(context.Context, payment.Returned) error,
	log *slog.Logger) (*payments, error) {
	var (
		provider payment.Provider
		header   string
		demo     *demopay.Provider
	)
	switch cfg.PaymentProvider {
	case payment.ProviderStripe:
		p, err := stripepay.New(stripepay.Options{SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret,
			APIBase: cfg.StripeAPIBase, Timeout: cfg.PaymentTimeout})
		if err != nil {
			return nil, fmt.Errorf("PAYMENT_PROVIDER: %w", err)
		}
		provider, header = p, stripepay.SignatureHeader
	default:
		p, err := demopay.New(demopay.Options{Secret: cfg.DemoWebhookSecret, PublicURL: cfg.PublicURL})
		if err != nil {
			return nil, fmt.Errorf("PAYMENT_PROVIDER: %w", err)
		}
		provider, header, demo = p, demopay.SignatureHeader, p
	}
	svc, err := payment.NewService(payment.Deps{Store: paymentsql.New(db), Provider: provider, Invoicer: invoicer,
		PublicURL: cfg.PublicURL, Timeout: cfg.PaymentTimeout, Returned: returned, Logger: log, Now: clock.Now})
	if err != nil {
		return nil, fmt.Errorf("payments: %w", err)
	}
	hook := webhookHandler(provider, svc, header, log)
	if demo != nil {
		// The demo provider's notifications go through the same handler as a
		// real provider's, signature check included, only without a network hop.
		demo.SetDeliver(func(ctx context.Context, payload []byte, signature string) error {
			return deliverLocally(ctx, hook, "/webhooks/"+payment.ProviderDemo, header, payload, signature)
		})
		log.Info("PAYMENT_PROVIDER=demo: lockerd serves its own payment pages; no real money moves")
	}
	return &payments{service: svc, webhook: hook, demo: demo}, nil
}

// pages is the demo provider's hosted pages, nil for a real provider.
func (p *payments) pages() http.Handler {
	if p.demo == nil {
		return nil
	}
	return p.demo.Pages()
}

// close stops the demo provider's pending notifications, then waits for the
// notifications received to be applied.
func (p *payments) close() {
	if p.demo != nil {
		p.demo.Close()
	}
	p.service.Wait()
}
