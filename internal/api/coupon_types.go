package api

import (
	"lockers/internal/apperr"
	"lockers/internal/promo"
)

// CouponRegisterInput is coupon.register's input: a promotion code.
type CouponRegisterInput struct {
	Code string `json:"code"`
}

// Validate requires a code.
func (in CouponRegisterInput) Validate() error {
	if promo.NormalizeCode(in.Code) == "" {
		return apperr.Field(apperr.MissingParams, "code", "code is required")
	}
	return nil
}

// CouponView is a promotion pack the user holds, with its remaining free orders.
type CouponView struct {
	UUID         string        `json:"uuid"`
	Code         string        `json:"code"`
	Name         LocalizedText `json:"name"`
	FreeOrders   int           `json:"freeOrders"`
	Remaining    int           `json:"remaining"`
	StationUUID  *string       `json:"stationUuid"` // only valid at this station
	ValidUntil   *string       `json:"validUntil"`
	RegisteredAt string        `json:"registeredAt"`
}

func couponView(c promo.Coupon) CouponView {
	v := CouponView{UUID: c.ID, Code: c.Pack.Code, Name: packName(c.Pack), FreeOrders: c.Pack.FreeOrders,
		Remaining: c.Remaining, ValidUntil: optTime(c.Pack.ValidUntil), RegisteredAt: rfc3339(c.RegisteredAt)}
	if c.Pack.StationID != "" {
		id := c.Pack.StationID
		v.StationUUID = &id
	}
	return v
}
