package api

import (
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// AdminPrice is one product's tariff at a station, euro cents VAT included.
// isDefault: the station has no price of its own and uses the service's
// default (internal/station/pricing.go).
type AdminPrice struct {
	Height      string `json:"height" ts:"'small' | 'big'"`
	Temperature string `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	HourlyCents int64  `json:"hourlyCents"`
	DailyCents  int64  `json:"dailyCents"`
	IsDefault   bool   `json:"isDefault"`
}

// AdminPriceFields is one price to set.
type AdminPriceFields struct {
	Height      string `json:"height" ts:"'small' | 'big'"`
	Temperature string `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	HourlyCents int64  `json:"hourlyCents"`
	DailyCents  int64  `json:"dailyCents"`
}

// AdminSetPricesInput is stations.setPrices's input: the station's own prices
// become exactly these (one per product at most); a product not listed uses the
// default again.
type AdminSetPricesInput struct {
	StationUUID string             `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
	Prices      []AdminPriceFields `json:"prices"`
	// Version is the prices' version the screen started from (CANT_CHANGE on
	// field version when a colleague saved in between).
	Version string `json:"version"`
	// Note says why the prices change (MISSING_NOTE without one).
	Note string `json:"note" input:"text"`
}

// Validate requires the station id.
func (in AdminSetPricesInput) Validate() error {
	return AdminStationInput{StationUUID: in.StationUUID}.Validate()
}

// AdminStationPrices is stations.prices's and stations.setPrices's answer:
// every product (size × temperature) with its price at the station.
type AdminStationPrices struct {
	StationUUID string       `json:"stationUuid"`
	Prices      []AdminPrice `json:"prices"`
	Version     string       `json:"version"`
}

// AdminDoor is one compartment as its station's hardware reports it. celsius
// is null for a compartment that never reported (neutral ones report nothing);
// inRange is false only for a reading outside its class's band.
type AdminDoor struct {
	CompartmentUUID string   `json:"compartmentUuid"`
	Label           string   `json:"label"`
	Temperature     string   `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	OutOfService    bool     `json:"outOfService"`
	Door            string   `json:"door" ts:"'open' | 'closed' | 'unknown'"`
	DoorAt          string   `json:"doorAt"`
	Celsius         *float64 `json:"celsius"`
	CelsiusAt       string   `json:"celsiusAt"`
	InRange         bool     `json:"inRange"`
}

// AdminStationHardware is stations.hardware's answer: the controller's link
// and each compartment's door and latest temperature.
type AdminStationHardware struct {
	StationUUID string      `json:"stationUuid"`
	Online      bool        `json:"online"`
	LastSeenAt  string      `json:"lastSeenAt"`
	LinkAt      string      `json:"linkAt"`
	Doors       []AdminDoor `json:"doors"`
}

// AdminCompartmentInput names one compartment of a station
// (stations.openDoorIntent).
type AdminCompartmentInput struct {
	StationUUID     string `json:"stationUuid" input:"uuid=LOCKER_NOT_FOUND"`
	CompartmentUUID string `json:"compartmentUuid" input:"uuid=LOCKER_NOT_FOUND"`
}

// Validate requires the station and the compartment.
func (in AdminCompartmentInput) Validate() error {
	if in.CompartmentUUID == "" {
		return apperr.Field(apperr.MissingParams, "compartmentUuid", "compartment is required")
	}
	return AdminStationInput{StationUUID: in.StationUUID}.Validate()
}

// AdminOpenDoorIntentRevokeInput names the intent an operator withdraws.
type AdminOpenDoorIntentRevokeInput struct {
	StationUUID     string `json:"stationUuid" input:"uuid=LOCKER_NOT_FOUND"`
	CompartmentUUID string `json:"compartmentUuid" input:"uuid=LOCKER_NOT_FOUND"`
	Intent          string `json:"intent"`
}

// Validate requires the intent.
func (in AdminOpenDoorIntentRevokeInput) Validate() error { return requireIntent(in.Intent) }

// AdminOpenDoorInput is stations.openDoor's input; the reason is required
// (MISSING_NOTE) and goes to the audit log, and the intent is the one
// stations.openDoorIntent gave for this compartment (at most DOOR_INTENT_TTL old).
type AdminOpenDoorInput struct {
	StationUUID     string `json:"stationUuid" input:"uuid=LOCKER_NOT_FOUND"`
	CompartmentUUID string `json:"compartmentUuid" input:"uuid=LOCKER_NOT_FOUND"`
	Reason          string `json:"reason" input:"text"`
	Intent          string `json:"intent"`
	// RequestUUID is the confirmed dialog's key: the same key again opens
	// nothing (a double-click, a retry).
	RequestUUID string `json:"requestUuid,omitempty" input:"uuid"`
}

// Validate requires the station, the compartment and the intent.
func (in AdminOpenDoorInput) Validate() error {
	if err := (AdminCompartmentInput{in.StationUUID, in.CompartmentUUID}).Validate(); err != nil {
		return err
	}
	return requireIntent(in.Intent)
}

// AdminDoorOpened is a door an operator opened: it reported open at openedAt
// and closes by itself about closesAt.
type AdminDoorOpened struct {
	Label    string `json:"label"`
	OpenedAt string `json:"openedAt"`
	ClosesAt string `json:"closesAt"`
}

func adminPrices(p backoffice.StationPrices) AdminStationPrices {
	return AdminStationPrices{StationUUID: p.StationID, Prices: mapAll(p.Prices, func(r backoffice.PriceRow) AdminPrice {
		return AdminPrice{Height: r.Height, Temperature: r.Temperature, HourlyCents: r.HourlyCents,
			DailyCents: r.DailyCents, IsDefault: r.IsDefault}
	}), Version: p.Version}
}

func adminHardware(h backoffice.StationHardware) AdminStationHardware {
	return AdminStationHardware{StationUUID: h.StationID, Online: h.Online, LastSeenAt: rfc3339(h.LastSeenAt),
		LinkAt: rfc3339(h.LinkAt), Doors: mapAll(h.Doors, func(d backoffice.DoorRow) AdminDoor {
			out := AdminDoor{CompartmentUUID: d.LockerID, Label: d.Label, Temperature: d.Temperature,
				OutOfService: d.OutOfService, Door: d.Door, DoorAt: rfc3339(d.DoorAt), CelsiusAt: rfc3339(d.CelsiusAt),
				InRange: d.InRange}
			if d.HasReading {
				c := d.Celsius
				out.Celsius = &c
			}
			return out
		})}
}
