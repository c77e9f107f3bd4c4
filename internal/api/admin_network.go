package api

import (
	"context"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/rpc"
)

// adminNetworkProcedures are the live network view (issue 30): every
// station's link by the one rule the overview and the alarms share, a
// station's compartment grid, and alarms resolved in bulk. Managers run the
// stations, so each is rpc.Manager.
func adminNetworkProcedures(d Deps) []rpc.Procedure {
	b := func() *backoffice.Service { return d.Backoffice }
	return []rpc.Procedure{
		rpc.Query("network.list", rpc.Manager, func(ctx context.Context, _ rpc.Void) (AdminNetwork, error) {
			n, err := b().Network(ctx)
			return adminNetwork(n), err
		}),
		rpc.Query("network.station", rpc.Manager, func(ctx context.Context, in AdminStationInput) (AdminStationGrid, error) {
			g, err := b().Grid(ctx, in.StationUUID)
			return adminStationGrid(g), err
		}),
		rpc.Mutation("network.resolveAlarms", rpc.Manager, func(ctx context.Context, in AdminResolveAlarmsInput) (AdminResolvedAlarms, error) {
			n, err := b().ResolveAlarms(ctx, in.IssueUUIDs, in.Note, in.RequestUUID)
			return AdminResolvedAlarms{Resolved: n}, err
		}),
	}
}

// AdminNetwork is network.list's answer: every station (by name) and the
// counts of the active ones by link; the overview's offline count is Offline.
type AdminNetwork struct {
	At          string                `json:"at"`
	Stations    []AdminNetworkStation `json:"stations"`
	Online      int                   `json:"online"`
	Offline     int                   `json:"offline"`
	Never       int                   `json:"never"`
	OpenAlarms  int                   `json:"openAlarms"`
	FreeLockers int                   `json:"freeLockers"`
	Truncated   bool                  `json:"truncated"`
}

// AdminNetworkStation is one station on the network view.
type AdminNetworkStation struct {
	UUID      string  `json:"uuid"`
	Name      string  `json:"name"`
	City      string  `json:"city"`
	TimeZone  string  `json:"timeZone"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Active    bool    `json:"active"`
	// Link: online (heard within two minutes, no open offline alarm),
	// offline, or never (no heartbeat ever).
	Link         string `json:"link" ts:"'online' | 'offline' | 'never'"`
	LastSeenAt   string `json:"lastSeenAt"` // "" never heard
	OfflineAlarm bool   `json:"offlineAlarm"`
	OpenAlarms   int    `json:"openAlarms"`
	OpenIssues   int    `json:"openIssues"`
	Total        int    `json:"total"`
	OutOfService int    `json:"outOfService"`
	Free         int    `json:"free"`
}

// AdminStationGrid is network.station's answer.
type AdminStationGrid struct {
	Station      AdminNetworkStation    `json:"station"`
	Compartments []AdminGridCompartment `json:"compartments"`
	Alarms       []AdminOpenAlarm       `json:"alarms"`
}

// AdminGridCompartment is one compartment: door, newest temperature with the
// class's band, and the rental in it now.
type AdminGridCompartment struct {
	UUID         string   `json:"uuid"`
	Label        string   `json:"label"`
	Height       string   `json:"height" ts:"'small' | 'big'"`
	Type         string   `json:"type"`
	Temperature  string   `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	OutOfService bool     `json:"outOfService"`
	Door         string   `json:"door" ts:"'open' | 'closed' | 'unknown'"`
	DoorAt       string   `json:"doorAt"`
	Celsius      *float64 `json:"celsius"`
	CelsiusAt    string   `json:"celsiusAt"`
	InRange      bool     `json:"inRange"`
	MinCelsius   *float64 `json:"minCelsius"`
	MaxCelsius   *float64 `json:"maxCelsius"`
	OrderUUID    string   `json:"orderUuid"` // "" free
	OrderStatus  string   `json:"orderStatus"`
	UserEmail    string   `json:"userEmail"`
	RentalEndsAt string   `json:"rentalEndsAt"`
	OpenAlarms   int      `json:"openAlarms"`
}

// AdminOpenAlarm is an open alarm of the station (for bulk resolving).
type AdminOpenAlarm struct {
	IssueUUID  string `json:"issueUuid"`
	Kind       string `json:"kind"`
	LockerUUID string `json:"lockerUuid"`
	Label      string `json:"label"`
	OrderUUID  string `json:"orderUuid"` // the rental it names; "" none
	CreatedAt  string `json:"createdAt"`
}

// AdminResolveAlarmsInput is network.resolveAlarms's input: the alarms, one
// note (required, MISSING_NOTE; kept internal) and the form's key for the
// submit (the same key again resolves nothing more).
type AdminResolveAlarmsInput struct {
	IssueUUIDs  []string `json:"issueUuids" input:"uuid"`
	Note        string   `json:"note" input:"text"`
	RequestUUID string   `json:"requestUuid" input:"uuid"`
}

// Validate requires the alarms and the request key.
func (in AdminResolveAlarmsInput) Validate() error {
	if len(in.IssueUUIDs) == 0 {
		return apperr.Field(apperr.MissingParams, "issueUuids", "choose the alarms to resolve")
	}
	if in.RequestUUID == "" {
		return apperr.Field(apperr.MissingParams, "requestUuid", "request key is required")
	}
	return nil
}

// AdminResolvedAlarms says how many alarms the call resolved.
type AdminResolvedAlarms struct {
	Resolved int `json:"resolved"`
}

func adminNetworkStation(s backoffice.NetworkStation) AdminNetworkStation {
	return AdminNetworkStation{UUID: s.ID, Name: s.Name, City: s.City, TimeZone: s.TimeZone, Latitude: s.Latitude,
		Longitude: s.Longitude, Active: s.Active, Link: s.Link, LastSeenAt: rfc3339(s.LastSeenAt),
		OfflineAlarm: s.OfflineAlarm, OpenAlarms: s.OpenAlarms, OpenIssues: s.OpenIssues, Total: s.Total,
		OutOfService: s.OutOfService, Free: s.Free}
}

func adminNetwork(n backoffice.Network) AdminNetwork {
	return AdminNetwork{At: rfc3339(n.At), Stations: mapAll(n.Stations, adminNetworkStation), Online: n.Online,
		Offline: n.Offline, Never: n.Never, OpenAlarms: n.OpenAlarms, FreeLockers: n.FreeLockers, Truncated: n.Truncated}
}

func adminStationGrid(g backoffice.StationGrid) AdminStationGrid {
	out := AdminStationGrid{Station: adminNetworkStation(g.Station), Compartments: make([]AdminGridCompartment, 0, len(g.Compartments)),
		Alarms: make([]AdminOpenAlarm, 0, len(g.Alarms))}
	for _, c := range g.Compartments {
		v := AdminGridCompartment{UUID: c.LockerID, Label: c.Label, Height: c.Height, Type: c.Type,
			Temperature: c.Temperature, OutOfService: c.OutOfService, Door: c.Door, DoorAt: rfc3339(c.DoorAt),
			InRange: c.InRange, OrderUUID: c.OrderID, OrderStatus: c.OrderStatus, UserEmail: c.UserEmail,
			RentalEndsAt: rfc3339(c.RentalEndsAt), OpenAlarms: c.OpenAlarms}
		if c.HasReading {
			celsius := c.Celsius
			v.Celsius, v.CelsiusAt = &celsius, rfc3339(c.CelsiusAt)
		}
		v.MinCelsius, v.MaxCelsius = band(c.Temperature)
		out.Compartments = append(out.Compartments, v)
	}
	for _, a := range g.Alarms {
		out.Alarms = append(out.Alarms, AdminOpenAlarm{IssueUUID: a.IssueID, Kind: a.Kind, LockerUUID: a.LockerID,
			Label: a.Label, OrderUUID: a.OrderID, CreatedAt: rfc3339(a.CreatedAt)})
	}
	return out
}
