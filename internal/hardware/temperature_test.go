package hardware_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/hardware"
)

func TestTemperatureLogOfARental(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1) // A01 is a small cool compartment
		t0 := time.Now().UTC().Truncate(time.Second)
		reading := func(at time.Time, c float64) hardware.Event {
			return hardware.Event{ID: uuid.NewString(), StationID: viru, Kind: hardware.EventTemperature, Compartment: "A01", At: at, Celsius: c}
		}
		for _, ev := range []hardware.Event{
			reading(t0.Add(-2*time.Minute), 4.5),
			reading(t0.Add(-time.Minute), 5.5),
			reading(t0.Add(-time.Minute), 5.5),    // a repeat (another id, the same instant)
			reading(t0.Add(-2*time.Hour), 9),      // before the rental
			reading(t0.Add(-90*time.Second), 5.0), // arrives late
		} {
			if err := e.hw.Handle(e.ctx, ev); err != nil {
				t.Fatal(err)
			}
		}
		class, rs, err := e.hw.Temperatures(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		if class != "cool" || len(rs) != 3 || rs[0].Celsius != 4.5 || rs[1].Celsius != 5.0 || rs[2].Celsius != 5.5 {
			t.Fatalf("log %s %+v; want the three readings of the rental, oldest first", class, rs)
		}
		if _, _, err := e.hw.Temperatures(e.ctx, e.user(), r.order, r.orderLocker); apperr.CodeOf(err) != apperr.LockerNotFound {
			t.Errorf("another user's log: %v", err)
		}
	})
}
