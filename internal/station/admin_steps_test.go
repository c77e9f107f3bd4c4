package station_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/station"
)

// adminSteps is station.AdminSteps in memory: it records what was written.
type adminSteps struct {
	stations     []station.StationFields
	compartments []station.CompartmentFields
	found        bool  // an edit finds its row
	err          error // SaveCompartment's answer
}

func (f *adminSteps) SaveStation(_ context.Context, _ string, s station.StationFields, insert bool, _ time.Time) (bool, error) {
	f.stations = append(f.stations, s)
	return insert || f.found, nil
}

func (f *adminSteps) SaveCompartment(_ context.Context, _, _ string, c station.CompartmentFields, insert bool, _ time.Time) (bool, error) {
	if f.err != nil {
		return false, f.err
	}
	f.compartments = append(f.compartments, c)
	return insert || f.found, nil
}

func code(t *testing.T, err error, want apperr.Code) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Code != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

func TestSaveStationWritesOnlyWhatTheCheckAccepts(t *testing.T) {
	ctx, at := context.Background(), time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	f := &adminSteps{}
	ok := station.StationFields{Name: " Viru ", Address: "Viru väljak 4", City: "Tallinn", Latitude: 59.43, Longitude: 24.75}
	if err := station.SaveStation(ctx, f, "s1", &ok, true, at); err != nil {
		t.Fatal(err)
	}
	if len(f.stations) != 1 || f.stations[0].Name != "Viru" || f.stations[0].OpeningHours != "24/7" || f.stations[0].TimeZone == "" {
		t.Fatalf("wrote %+v, want the station trimmed with its defaults", f.stations)
	}
	bad := ok
	bad.Latitude = 91
	code(t, station.SaveStation(ctx, f, "s1", &bad, false, at), apperr.BadInput)
	code(t, station.SaveStation(ctx, f, "s-gone", &ok, false, at), apperr.StationNotFound)
	if len(f.stations) != 2 { // the edit that found no row was tried once; the bad one never
		t.Fatalf("writes %d, want 2", len(f.stations))
	}
}

func TestSaveCompartmentAnswersInTheCatalogue(t *testing.T) {
	ctx, at := context.Background(), time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	c := station.CompartmentFields{Label: "A01", Height: "small", Temperature: "neutral", HeightMM: 400, WidthMM: 400, DepthMM: 500}
	f := &adminSteps{found: true}
	if err := station.SaveCompartment(ctx, f, "l1", "s1", &c, false, at); err != nil || f.compartments[0].Type != "standard" {
		t.Fatalf("save: %v, wrote %+v", err, f.compartments)
	}
	huge := c
	huge.HeightMM = 9000
	code(t, station.SaveCompartment(ctx, f, "l1", "s1", &huge, false, at), apperr.BadInput)
	code(t, station.SaveCompartment(ctx, &adminSteps{}, "l-gone", "s1", &c, false, at), apperr.LockerNotFound)
	err := station.SaveCompartment(ctx, &adminSteps{err: station.ErrLabelTaken}, "", "s1", &c, true, at)
	code(t, err, apperr.BadInput)
	if e, _ := apperr.As(err); e.Field != "label" {
		t.Fatalf("a taken label is refused on field %q, want label", e.Field)
	}
}

func TestGoesOutOfServiceOnlyWhenItWasIn(t *testing.T) {
	in, out := station.CompartmentFields{}, station.CompartmentFields{OutOfService: true}
	if !station.GoesOutOfService(in, out) || station.GoesOutOfService(out, out) || station.GoesOutOfService(out, in) {
		t.Fatal("only a compartment in service that is taken out goes out of service")
	}
}
