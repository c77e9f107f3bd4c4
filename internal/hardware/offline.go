package hardware

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"time"
)

// StationKey derives a station's offline-PIN key from the server's secret:
// each cabinet holds only its own key, so one stolen cabinet reveals no other
// station's PINs.
func StationKey(secret []byte, stationID string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(stationID))
	return mac.Sum(nil)
}

// OfflineAccess is the PIN an owner types while the station is offline, and
// the window in which the station accepts it.
type OfflineAccess struct {
	PIN      string
	From, To time.Time
}

// Offline returns the offline PIN of one of the user's rentals while its
// station is offline (ok false when the station is online or the rental cannot
// open now). The PIN is bound to the compartment and the paid timeframe.
func (s *Service) Offline(ctx context.Context, userID, orderID, orderLockerID string) (OfflineAccess, bool, error) {
	t, err := s.owned(ctx, userID, orderID, orderLockerID)
	if err != nil || t.StationOnline || s.key == nil || s.usable(t, s.now()) != nil {
		return OfflineAccess{}, false, err
	}
	key := s.key(t.StationID)
	return OfflineAccess{PIN: OfflinePIN(key, t.Label, t.Start, t.End), From: t.Start, To: t.End}, true, nil
}
