package api

import "lockers/internal/backoffice"

// AdminRentalEffect is one booking of a compartment and what taking the
// compartment out of service does to it: moved to toLabel (a free compartment
// of the same kind at the station), or cancelled and refunded.
type AdminRentalEffect struct {
	OrderUUID       string `json:"orderUuid"`
	OrderLockerUUID string `json:"orderLockerUuid"`
	UserEmail       string `json:"userEmail"`
	Status          string `json:"status"`
	PaidCents       int64  `json:"paidCents"`
	Start           string `json:"start"`
	End             string `json:"end"`
	Effect          string `json:"effect" ts:"'move' | 'refund'"`
	ToLabel         string `json:"toLabel"`
}

func adminRentalEffect(e backoffice.RentalEffect) AdminRentalEffect {
	return AdminRentalEffect{OrderUUID: e.OrderID, OrderLockerUUID: e.OrderLockerID, UserEmail: e.UserEmail,
		Status: e.Status, PaidCents: e.PaidCents, Start: rfc3339(e.StartsAt), End: rfc3339(e.EndsAt),
		Effect: e.Effect, ToLabel: e.ToLabel}
}
