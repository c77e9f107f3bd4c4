package api

import (
	"context"
	"time"

	"lockers/internal/account"
	"lockers/internal/backoffice"
	"lockers/internal/hardware"
	"lockers/internal/help"
	"lockers/internal/invoice"
	"lockers/internal/issue"
	"lockers/internal/notify"
	"lockers/internal/order"
	"lockers/internal/payment"
	"lockers/internal/promo"
	"lockers/internal/station"
)

// Deps is what the procedure tables need from the running application. Each
// domain adds its service here. Building the tables never calls a dependency
// (the generator builds them from zero Deps); only handling a call does.
type Deps struct {
	// Version is this server's build version; MinAppVersion the oldest client
	// version that may keep running (MIN_APP_VERSION).
	Version       string
	MinAppVersion string
	// MapTileURL is the station map's tile template ("" for none) and
	// MapAttribution its credit line (MAP_TILE_URL, MAP_ATTRIBUTION).
	MapTileURL, MapAttribution string
	// Ping checks that the database answers.
	Ping func(ctx context.Context) error
	// Now is the clock (time.Now in production).
	Now func() time.Time

	Accounts *account.Service
	Stations *station.Service
	Orders   *order.Service
	Coupons  *promo.Service
	Invoices *invoice.Service
	// InvoiceLink returns the absolute, signed, short-lived URL of an invoice's PDF.
	InvoiceLink func(invoiceID string) string
	Payments    *payment.Service
	// Hardware opens doors and manages keypad codes (issue 13).
	Hardware *hardware.Service
	// Backoffice serves the admin API's screens.
	Backoffice *backoffice.Service
	// Help serves the help centre (issue 16).
	Help *help.Service
	// Notify serves the notifications and their channels (issue 16).
	Notify *notify.Service
	// Issues takes users' issue reports (issue 16).
	Issues *issue.Service
}

func (d Deps) now() time.Time {
	if d.Now == nil {
		return time.Now()
	}
	return d.Now()
}
