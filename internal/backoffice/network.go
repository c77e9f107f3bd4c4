package backoffice

import (
	"context"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/hardware"
	"lockers/internal/issue"
)

// NetworkReads are the live network view's reads (officesql): every station
// with what an operator must trust at a glance, and one station's grid.
type NetworkReads interface {
	// NetworkStations reads every station (at most MaxNetworkStations, by
	// name) with its link, open alarms and compartments free now; linksOnly
	// leaves the compartments' counts out (the overview needs the links).
	NetworkStations(ctx context.Context, now time.Time, linksOnly bool) ([]NetworkStation, error)
	// NetworkGrid reads a station's compartments with the rental running in
	// each now and their open alarms (STATION_NOT_FOUND).
	NetworkGrid(ctx context.Context, stationID string, now time.Time) (NetworkStation, []GridCompartment, []OpenAlarm, error)
}

// MaxNetworkStations bounds the network view (a network of lockers is
// hundreds of stations, not thousands; the list says when it is cut).
const MaxNetworkStations = 2000

// NetworkStation is one station on the network view.
type NetworkStation struct {
	ID, Name, City, TimeZone string
	Latitude, Longitude      float64
	Active                   bool
	// Link is hardware.LinkState of the fields below it.
	Link         string
	LinkOnline   bool
	LastSeenAt   time.Time // zero: never heard
	OfflineAlarm bool      // a "station offline" alarm is open
	OpenAlarms   int       // open alarms of the station and its compartments
	OpenIssues   int       // open issues of every kind (alarms and reports)
	Total        int       // compartments
	OutOfService int
	Free         int // in service and not rented right now
}

// Network is the whole network with its counts, which the overview shows
// too (Dashboard.StationsOffline is Offline): one rule, one count.
type Network struct {
	At                      time.Time
	Stations                []NetworkStation
	Online, Offline, Never  int // active stations by link
	Truncated               bool
	OpenAlarms, FreeLockers int
}

// GridCompartment is one compartment on a station's grid.
type GridCompartment struct {
	LockerID, Label, Height, Type, Temperature string
	OutOfService                               bool
	Door                                       string
	DoorAt                                     time.Time
	HasReading                                 bool
	Celsius                                    float64
	CelsiusAt                                  time.Time
	InRange                                    bool
	// The rental in the compartment now ("" when free).
	OrderID, OrderLockerID, OrderStatus, UserEmail string
	RentalEndsAt                                   time.Time
	OpenAlarms                                     int
}

// OpenAlarm is an alarm still open at a station (for bulk resolving).
type OpenAlarm struct {
	IssueID, Kind, LockerID, Label string
	OrderID                        string // the rental the alarm names, if any
	CreatedAt                      time.Time
}

// StationGrid is a station's live view.
type StationGrid struct {
	Station      NetworkStation
	Compartments []GridCompartment
	Alarms       []OpenAlarm
}

// Network is the live network view: every station's link by the shared
// rule (hardware.LinkState), its open alarms and free compartments.
func (s *Service) Network(ctx context.Context) (Network, error) {
	return s.network(ctx, false)
}

func (s *Service) network(ctx context.Context, linksOnly bool) (Network, error) {
	now := s.Now()
	rows, err := s.store.NetworkStations(ctx, now, linksOnly)
	if err != nil {
		return Network{}, internal("network", err)
	}
	n := Network{At: now, Stations: rows}
	if len(rows) > MaxNetworkStations {
		n.Stations, n.Truncated = rows[:MaxNetworkStations], true
	}
	for i := range n.Stations {
		st := &n.Stations[i]
		st.Link = hardware.LinkState(st.LinkOnline, st.LastSeenAt, st.OfflineAlarm, now)
		n.OpenAlarms += st.OpenAlarms
		if !st.Active {
			continue
		}
		n.FreeLockers += st.Free
		switch st.Link {
		case hardware.LinkOnline:
			n.Online++
		case hardware.LinkOffline:
			n.Offline++
		default:
			n.Never++
		}
	}
	return n, nil
}

// Grid is one station's live view: each compartment's door, temperature and
// occupant, and the station's open alarms.
func (s *Service) Grid(ctx context.Context, stationID string) (StationGrid, error) {
	if !validID(stationID) {
		return StationGrid{}, apperr.New(apperr.StationNotFound, "Station not found")
	}
	now := s.Now()
	st, cs, alarms, err := s.store.NetworkGrid(ctx, stationID, now)
	if err != nil {
		return StationGrid{}, internal("station grid", err)
	}
	st.Link = hardware.LinkState(st.LinkOnline, st.LastSeenAt, st.OfflineAlarm, now)
	for i := range cs {
		c := &cs[i]
		c.InRange = true
		if lo, hi, ok := hardware.Range(c.Temperature); ok && c.HasReading {
			c.InRange = c.Celsius >= lo && c.Celsius <= hi
		}
	}
	return StationGrid{Station: st, Compartments: cs, Alarms: alarms}, nil
}

// MaxBulkResolve bounds one bulk resolve.
const MaxBulkResolve = 200

// ResolveAlarms resolves many alarms with one note (MISSING_NOTE without),
// each by UpdateIssue: its own transaction and audit row, internal (the note
// is for colleagues). requestID makes a double submit resolve once: each
// issue's request key is derived from it. Issues already resolved are
// skipped; it answers how many it resolved.
func (s *Service) ResolveAlarms(ctx context.Context, issueIDs []string, note, requestID string) (int, error) {
	note, err := requiredNote(note)
	if err != nil {
		return 0, err
	}
	if len(issueIDs) == 0 || len(issueIDs) > MaxBulkResolve {
		return 0, apperr.Field(apperr.BadInput, "issueUuids", "between 1 and 200 issues")
	}
	base, err := uuid.Parse(requestID)
	if err != nil || len(requestID) != 36 {
		return 0, apperr.Field(apperr.BadInput, "requestUuid", "not an id")
	}
	for _, id := range issueIDs {
		if !validID(id) {
			return 0, apperr.Field(apperr.BadInput, "issueUuids", "not an id")
		}
	}
	resolved := 0
	for _, id := range issueIDs {
		d, err := s.store.Issue(ctx, id)
		if err != nil {
			return resolved, err
		}
		if d.Issue.State == issue.Resolved {
			continue
		}
		key := uuid.NewSHA1(base, []byte(id)).String()
		if _, err := s.UpdateIssue(ctx, id, IssueUpdate{State: issue.Resolved, Note: note, Internal: true,
			RequestID: key}); err != nil {
			return resolved, err
		}
		resolved++
	}
	return resolved, nil
}
