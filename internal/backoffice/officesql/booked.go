package officesql

// bookedOrder is what the statistics and the overview count as a booking (o:
// the orders row): an order confirmed and then booked — paid (a payment for
// it went through, refunded later or not) or free (a coupon paid it), or in a
// status only a booked order reaches. A confirmed order whose payment was
// declined and that was then left unpaid, cancelled or lapsed is not one.
// The payment probe is one lookup on payments_order_idx.
const bookedOrder = `o.confirmed_at IS NOT NULL AND (o.coupon_used
	OR o.status IN ('booked', 'active', 'extended', 'expired', 'finalized')
	OR EXISTS (SELECT 1 FROM payments bp WHERE bp.order_id = o.id AND bp.kind = 'order' AND bp.paid_at IS NOT NULL))`
