package api

import (
	"time"

	"lockers/internal/apperr"
	"lockers/internal/hardware"
)

// OrderLockerInput names one order locker of one of the caller's orders.
type OrderLockerInput struct {
	OrderUUID       string `json:"orderUuid" input:"uuid=LOCKER_NOT_FOUND"`
	OrderLockerUUID string `json:"orderLockerUuid" input:"uuid=LOCKER_NOT_FOUND"`
}

// Validate requires both ids.
func (in OrderLockerInput) Validate() error {
	if in.OrderUUID == "" {
		return apperr.Field(apperr.MissingParams, "orderUuid", "order is required")
	}
	if in.OrderLockerUUID == "" {
		return apperr.Field(apperr.MissingParams, "orderLockerUuid", "locker is required")
	}
	return nil
}

// LockerOpenInput is locker.open's input: the order locker and the intent
// locker.openIntent gave for it (a door opens only on a fresh confirmation;
// docs/decisions/043-door-intents.md).
type LockerOpenInput struct {
	OrderUUID       string `json:"orderUuid" input:"uuid=LOCKER_NOT_FOUND"`
	OrderLockerUUID string `json:"orderLockerUuid" input:"uuid=LOCKER_NOT_FOUND"`
	Intent          string `json:"intent"`
}

// Validate requires the ids and the intent.
func (in LockerOpenInput) Validate() error {
	if err := (OrderLockerInput{in.OrderUUID, in.OrderLockerUUID}).Validate(); err != nil {
		return err
	}
	return requireIntent(in.Intent)
}

// IntentRevokeView answers locker.revokeIntent and stations.revokeDoorIntent:
// revoked true means no open can use the intent any more and none did;
// false that an open used it already (the door is opening or opened) or it
// was not there.
type IntentRevokeView struct {
	Revoked bool `json:"revoked"`
}

func requireIntent(intent string) error {
	if intent == "" {
		return apperr.Field(apperr.MissingParams, "intent", "intent is required: ask for one when the user confirms")
	}
	return nil
}

// DoorIntentView is a confirmation to open one door (locker.openIntent,
// stations.openDoorIntent): the open must carry intent before expiresAt, once.
type DoorIntentView struct {
	Intent    string `json:"intent"`
	ExpiresAt string `json:"expiresAt"` // RFC 3339
}

func doorIntentView(i hardware.Intent) DoorIntentView {
	return DoorIntentView{Intent: i.Token, ExpiresAt: rfc3339(i.ExpiresAt)}
}

// DoorOpenView answers locker.open once the door sensor reported open.
type DoorOpenView struct {
	Label    string `json:"label"`    // the door, e.g. "A12"
	OpenedAt string `json:"openedAt"` // RFC 3339
	ClosesAt string `json:"closesAt"` // about a minute later: the countdown's end
}

func doorOpenView(o hardware.Opened) DoorOpenView {
	return DoorOpenView{Label: o.Label, OpenedAt: rfc3339(o.OpenedAt), ClosesAt: rfc3339(o.ClosesAt)}
}

// CodeInput names one code of an order locker.
type CodeInput struct {
	OrderUUID       string `json:"orderUuid" input:"uuid=LOCKER_NOT_FOUND"`
	OrderLockerUUID string `json:"orderLockerUuid" input:"uuid=LOCKER_NOT_FOUND"`
	CodeUUID        string `json:"codeUuid" input:"uuid"`
}

// Validate requires the three ids.
func (in CodeInput) Validate() error {
	if err := (OrderLockerInput{in.OrderUUID, in.OrderLockerUUID}).Validate(); err != nil {
		return err
	}
	if in.CodeUUID == "" {
		return apperr.Field(apperr.MissingParams, "codeUuid", "code is required")
	}
	return nil
}

// CodeAddInput is code.add's input: the kind of the new code.
type CodeAddInput struct {
	OrderUUID       string `json:"orderUuid" input:"uuid=LOCKER_NOT_FOUND"`
	OrderLockerUUID string `json:"orderLockerUuid" input:"uuid=LOCKER_NOT_FOUND"`
	Kind            string `json:"kind" ts:"'delivery' | 'picking'"`
}

// Validate requires the ids and a kind.
func (in CodeAddInput) Validate() error {
	if err := (OrderLockerInput{in.OrderUUID, in.OrderLockerUUID}).Validate(); err != nil {
		return err
	}
	if !hardware.CodeKind(in.Kind).Valid() {
		return apperr.Field(apperr.BadInput, "kind", "kind is delivery or picking")
	}
	return nil
}

// CodesView is code.list's answer: an order locker's codes and status.
type CodesView struct {
	OrderLockerUUID string         `json:"orderLockerUuid"`
	Label           string         `json:"label"`
	Status          string         `json:"status" ts:"'booked' | 'delivered' | 'picked'"`
	Codes           []CodeItemView `json:"codes"`
	// Guests are the live guest links (guest.create shows a token once).
	Guests []GuestLinkView `json:"guests"`
	// OfflinePin is set while the station is offline: a PIN the cabinet
	// checks by itself, valid only in the paid timeframe.
	OfflinePin *OfflinePinView `json:"offlinePin"`
}

// OfflinePinView is an offline PIN and the window it opens the door in.
type OfflinePinView struct {
	Pin        string `json:"pin"`
	ValidFrom  string `json:"validFrom"`
	ValidUntil string `json:"validUntil"`
}

// CodeItemView is one keypad code with its usage state.
type CodeItemView struct {
	UUID       string  `json:"uuid"`
	Kind       string  `json:"kind" ts:"'delivery' | 'picking'"`
	Code       string  `json:"code"`
	Usage      string  `json:"usage" ts:"'unused' | 'last used' | 'delivered' | 'picked'"`
	LastUsedAt *string `json:"lastUsedAt"`
	CreatedAt  string  `json:"createdAt"`
}

func codeItemView(c hardware.Code, status string) CodeItemView {
	v := CodeItemView{UUID: c.ID, Kind: string(c.Kind), Code: c.Code, Usage: string(hardware.UsageOf(c, status)),
		CreatedAt: rfc3339(c.CreatedAt)}
	if c.LastUsedAt != nil {
		s := rfc3339(*c.LastUsedAt)
		v.LastUsedAt = &s
	}
	return v
}

// KioskInput is kiosk.enter's input: a code typed at a station.
type KioskInput struct {
	StationUUID string `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
	Code        string `json:"code"`
}

// Validate requires the station and a code.
func (in KioskInput) Validate() error {
	if in.StationUUID == "" {
		return apperr.Field(apperr.MissingParams, "stationUuid", "station is required")
	}
	if in.Code == "" {
		return apperr.Field(apperr.MissingParams, "code", "code is required")
	}
	return nil
}

// KioskView says what the keypad shows: the door that opened, or how many
// tries are left, or how long the keypad is locked.
type KioskView struct {
	Opened           bool    `json:"opened"`
	Label            *string `json:"label"`    // the door that opened
	ClosesAt         *string `json:"closesAt"` // when it closes by itself
	AttemptsLeft     int     `json:"attemptsLeft"`
	LockedForSeconds int     `json:"lockedForSeconds"` // 0: not locked
}

func kioskView(r hardware.KioskResult) KioskView {
	v := KioskView{AttemptsLeft: r.AttemptsLeft, LockedForSeconds: int((r.LockedFor + time.Second - 1) / time.Second)}
	if r.Opened != nil {
		label, closes := r.Opened.Label, rfc3339(r.Opened.ClosesAt)
		v.Opened, v.Label, v.ClosesAt = true, &label, &closes
	}
	return v
}

// ReplacedView is the compartment a rental moved to (locker.replace).
type ReplacedView struct {
	Label string `json:"label"`
}

// TemperaturesView is a rental's temperature log (locker.temperatures): the
// compartment's class and allowed range (null for neutral ones) and the
// readings since the rental began, oldest first.
type TemperaturesView struct {
	Temperature string        `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	Min         *float64      `json:"min"`
	Max         *float64      `json:"max"`
	Readings    []ReadingView `json:"readings"`
}

// ReadingView is one temperature reading.
type ReadingView struct {
	At      string  `json:"at"`
	Celsius float64 `json:"celsius"`
}

func temperaturesView(class string, rs []hardware.Reading) TemperaturesView {
	v := TemperaturesView{Temperature: class, Readings: make([]ReadingView, 0, len(rs))}
	if lo, hi, ok := hardware.Range(class); ok {
		v.Min, v.Max = &lo, &hi
	}
	for _, r := range rs {
		v.Readings = append(v.Readings, ReadingView{At: rfc3339(r.At), Celsius: r.Celsius})
	}
	return v
}
