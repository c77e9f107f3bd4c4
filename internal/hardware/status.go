package hardware

// AfterCycle is an order locker's status after a door cycle (opened, then
// closed) that a code of kind opened: the delivery code moves booked to
// delivered, the picking code moves booked or delivered to picked. A cycle
// opened from the app or by an operator (no kind) changes nothing but the
// "opened at least once" mark, which the open itself sets. Status never moves
// back, so a late or repeated cycle is harmless.
func AfterCycle(status string, kind CodeKind) string {
	switch {
	case kind == Delivery && status == "booked":
		return "delivered"
	case kind == Picking && (status == "booked" || status == "delivered"):
		return "picked"
	}
	return status
}

// usableOrder reports whether an order's status lets its doors open (its
// rental is paid or free and not over), and whether it is only waiting for
// confirmation or payment.
func usableOrder(status string) (usable, unconfirmed bool) {
	switch status {
	case "booked", "active", "extended":
		return true, false
	case "reserved", "unfinished", "unpaid", "processing":
		return false, true
	}
	return false, false
}
