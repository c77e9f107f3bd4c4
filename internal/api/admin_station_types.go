package api

import (
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/station"
)

// AdminStationListInput is stations.list's input: query matches name or city.
type AdminStationListInput struct {
	Cursor string `json:"cursor,omitempty"`
	Limit  int    `json:"limit,omitempty"`
	Query  string `json:"query,omitempty"`
}

// AdminStationFields are a station's editable fields.
type AdminStationFields struct {
	Name         string  `json:"name"`
	Address      string  `json:"address" input:"max=300"`
	City         string  `json:"city"`
	Latitude     float64 `json:"latitude"`
	Longitude    float64 `json:"longitude"`
	TimeZone     string  `json:"timeZone"`                      // IANA, default Europe/Tallinn
	OpeningHours string  `json:"openingHours" input:"max=1000"` // OpenStreetMap opening_hours, default 24/7
	Active       bool    `json:"active"`
}

func (f AdminStationFields) domain() station.StationFields {
	return station.StationFields{Name: f.Name, Address: f.Address, City: f.City, Latitude: f.Latitude,
		Longitude: f.Longitude, TimeZone: f.TimeZone, OpeningHours: f.OpeningHours, Active: f.Active}
}

// AdminStationSaveInput is stations.create's (no stationUuid) and stations.update's input.
type AdminStationSaveInput struct {
	StationUUID string             `json:"stationUuid,omitempty" input:"uuid=STATION_NOT_FOUND"`
	Station     AdminStationFields `json:"station"`
	// Version is the station's version an edit started from (required for
	// stations.update; CANT_CHANGE on field version when it is stale).
	Version string `json:"version,omitempty"`
}

// AdminStationInput names one station.
type AdminStationInput struct {
	StationUUID string `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
}

// Validate requires the station id.
func (in AdminStationInput) Validate() error {
	if in.StationUUID == "" {
		return apperr.Field(apperr.MissingParams, "stationUuid", "station is required")
	}
	return nil
}

// AdminStation is a station with its number of compartments.
type AdminStation struct {
	UUID         string             `json:"uuid"`
	Station      AdminStationFields `json:"station"`
	Compartments int                `json:"compartments"`
	CreatedAt    string             `json:"createdAt"`
	Version      string             `json:"version"`
}

// AdminStationPage is one page of stations.
type AdminStationPage struct {
	Items []AdminStation `json:"items"`
	Next  string         `json:"next"`
}

// AdminCompartmentFields are a compartment's editable fields.
type AdminCompartmentFields struct {
	Label        string `json:"label"`
	Height       string `json:"height" ts:"'small' | 'big'"`
	Type         string `json:"type"`
	Temperature  string `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	HeightMM     int    `json:"heightMm"`
	WidthMM      int    `json:"widthMm"`
	DepthMM      int    `json:"depthMm"`
	OutOfService bool   `json:"outOfService"`
}

// AdminCompartment is one compartment.
type AdminCompartment struct {
	UUID        string                 `json:"uuid"`
	Compartment AdminCompartmentFields `json:"compartment"`
	Version     string                 `json:"version"`
	// Effects, in the answer of a save that took it out of service, are its
	// bookings and what became of them; failed the orders whose refund failed.
	Effects []AdminRentalEffect `json:"effects,omitempty"`
	Failed  []string            `json:"failed,omitempty"`
}

// AdminCompartmentSaveInput is stations.addCompartment's (no compartmentUuid)
// and stations.updateCompartment's input.
type AdminCompartmentSaveInput struct {
	StationUUID     string                 `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
	CompartmentUUID string                 `json:"compartmentUuid,omitempty" input:"uuid=LOCKER_NOT_FOUND"`
	Compartment     AdminCompartmentFields `json:"compartment"`
	// Version is the compartment's version an edit started from (required for
	// stations.updateCompartment; CANT_CHANGE on field version when stale).
	Version string `json:"version,omitempty"`
	// Reason is required when the edit takes the compartment out of service
	// or back (MISSING_NOTE); the audit entry keeps it.
	Reason string `json:"reason,omitempty" input:"text"`
}

// Validate requires the station id.
func (in AdminCompartmentSaveInput) Validate() error {
	return AdminStationInput{StationUUID: in.StationUUID}.Validate()
}

// AdminStationDetail is stations.get's answer.
type AdminStationDetail struct {
	Station      AdminStation       `json:"station"`
	Compartments []AdminCompartment `json:"compartments"`
}

func adminStation(s backoffice.StationRow) AdminStation {
	f := s.StationFields
	return AdminStation{UUID: s.ID, Compartments: s.Compartments, CreatedAt: rfc3339(s.CreatedAt), Version: s.Version,
		Station: AdminStationFields{Name: f.Name, Address: f.Address, City: f.City, Latitude: f.Latitude,
			Longitude: f.Longitude, TimeZone: f.TimeZone, OpeningHours: f.OpeningHours, Active: f.Active}}
}

func adminCompartment(c backoffice.CompartmentRow) AdminCompartment {
	f := c.CompartmentFields
	return AdminCompartment{UUID: c.ID, Compartment: AdminCompartmentFields{Label: f.Label, Height: f.Height,
		Type: f.Type, Temperature: f.Temperature, HeightMM: f.HeightMM, WidthMM: f.WidthMM, DepthMM: f.DepthMM,
		OutOfService: f.OutOfService}, Version: c.Version, Effects: mapAll(c.Effects, adminRentalEffect), Failed: c.Failed}
}

func (f AdminCompartmentFields) domain() station.CompartmentFields {
	return station.CompartmentFields{Label: f.Label, Height: f.Height, Type: f.Type, Temperature: f.Temperature,
		HeightMM: f.HeightMM, WidthMM: f.WidthMM, DepthMM: f.DepthMM, OutOfService: f.OutOfService}
}
