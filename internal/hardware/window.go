package hardware

import "time"

// Window is a paid rental as a station holds it to check offline PINs by
// itself: the compartment and the timeframe its PIN is bound to (OfflinePIN).
type Window struct {
	Compartment string
	From, To    time.Time
}
