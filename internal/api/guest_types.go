package api

import (
	"fmt"

	"lockers/internal/apperr"
	"lockers/internal/hardware"
)

// GuestCreateView is a new guest link: the token is shown this once.
type GuestCreateView struct {
	UUID       string `json:"uuid"`
	Token      string `json:"token"`
	Path       string `json:"path"` // /guest/{token}, on the app's own address
	ValidUntil string `json:"validUntil"`
}

// GuestLinkView is a live guest link as its owner sees it (no token).
type GuestLinkView struct {
	UUID      string `json:"uuid"`
	CreatedAt string `json:"createdAt"`
}

// GuestRevokeInput names one guest link of an order locker.
type GuestRevokeInput struct {
	OrderUUID       string `json:"orderUuid" input:"uuid=LOCKER_NOT_FOUND"`
	OrderLockerUUID string `json:"orderLockerUuid" input:"uuid=LOCKER_NOT_FOUND"`
	GuestUUID       string `json:"guestUuid" input:"uuid"`
}

// Validate requires the three ids.
func (in GuestRevokeInput) Validate() error {
	if err := (OrderLockerInput{in.OrderUUID, in.OrderLockerUUID}).Validate(); err != nil {
		return err
	}
	if in.GuestUUID == "" {
		return apperr.Field(apperr.MissingParams, "guestUuid", "link is required")
	}
	return nil
}

// GuestInput is guest.get's input: the link's token.
type GuestInput struct {
	Token string `json:"token"`
}

// Validate requires the token.
func (in GuestInput) Validate() error {
	if in.Token == "" {
		return apperr.Field(apperr.MissingParams, "token", "token is required")
	}
	return nil
}

// GuestView is what a guest link shows to someone without an account.
type GuestView struct {
	Station    OrderStationView `json:"station"`
	MapURL     string           `json:"mapUrl"`
	Label      string           `json:"label"`
	Status     string           `json:"status" ts:"'booked' | 'delivered' | 'picked'"`
	Codes      []string         `json:"pickingCodes"`
	ValidUntil string           `json:"validUntil"`
}

func guestView(v hardware.GuestView) GuestView {
	out := GuestView{
		Station: OrderStationView{UUID: v.StationID, Name: v.StationName, Address: v.Address, City: v.City, TimeZone: v.TimeZone},
		MapURL: fmt.Sprintf("https://www.openstreetmap.org/?mlat=%.6f&mlon=%.6f#map=18/%.6f/%.6f",
			v.Latitude, v.Longitude, v.Latitude, v.Longitude),
		Label: v.Label, Status: v.Status, Codes: make([]string, 0, len(v.Codes)), ValidUntil: rfc3339(v.End),
	}
	for _, c := range v.Codes {
		out.Codes = append(out.Codes, c.Code)
	}
	return out
}
