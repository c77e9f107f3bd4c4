package app

import (
	"context"
	"fmt"
	"log/slog"

	"lockers/internal/account/accountsql"
	"lockers/internal/clock"
	"lockers/internal/config"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicelink"
	"lockers/internal/invoice/invoicepdf"
	"lockers/internal/invoice/invoicesql"
	"lockers/internal/store"
)

// newInvoices builds the invoices service (buyers from the accounts store, the
// seller from configuration) and the signer of its PDF links.
func newInvoices(cfg config.Config, db *store.DB, log *slog.Logger) (*invoice.Service, *invoicelink.Signer, error) {
	seller := invoice.Seller{Name: cfg.SellerName, Address: cfg.SellerAddress,
		RegistryCode: cfg.SellerRegistryCode, VATNumber: cfg.SellerVATNumber}
	renderer, err := invoicepdf.New(seller)
	if err != nil {
		return nil, nil, err
	}
	if cfg.InvoiceLinkSecret == "" {
		log.Info("INVOICE_LINK_SECRET is not set: invoice PDF links are signed with a random secret and stop working on restart")
	}
	links, err := invoicelink.New([]byte(cfg.InvoiceLinkSecret), clock.Now)
	if err != nil {
		return nil, nil, fmt.Errorf("INVOICE_LINK_SECRET: %w", err)
	}
	svc, err := invoice.NewService(invoice.Deps{Store: invoicesql.New(db),
		Buyers: accountBuyers{users: accountsql.New(db).Users}, Renderer: renderer, Seller: seller, Now: clock.Now, Logger: log})
	if err != nil {
		return nil, nil, err
	}
	// Invoices from before each kept its seller take today's, once.
	if err := svc.FreezeSeller(context.Background()); err != nil {
		return nil, nil, err
	}
	return svc, links, nil
}
