package notify

import (
	"context"
	"time"

	"lockers/internal/order"
	"lockers/internal/txn"
)

// ExtensionLapsed tells a customer, in the sweep's transaction, that a
// pending extension was not paid in time and lapsed (issue 42): the
// extension_offered kind's lapsed wording, on the order, once per extension.
func (s *Service) ExtensionLapsed(ctx context.Context, tx txn.Tx, l order.Lapse) error {
	return s.PublishTx(ctx, tx, Event{UserID: l.UserID, Kind: ExtensionOffered, OrderID: l.OrderID,
		Key: "extension-lapsed:" + l.OrderID + ":" + l.HoldUntil.UTC().Format(time.RFC3339Nano),
		Params: Params{Station: l.StationName, Start: l.Start, End: l.OldEnd, AmountCents: l.AmountCents,
			Until: l.HoldUntil, TimeZone: l.Zone, Lapsed: true}})
}
