// Package apperr holds the error catalogue of the product spec (§8): every code the
// server may answer with, and the tRPC code and HTTP status it travels with. The
// catalogue lives in one table so the wire layer, the TypeScript generator and the
// tests all read the same truth.
package apperr

import (
	"errors"
	"fmt"
)

// Code is one entry of the spec's error catalogue. The client translates it.
type Code string

// TRPCCode is the string key tRPC puts in error.data.code.
type TRPCCode string

// The tRPC error keys this server uses (docs/protocol.md §3.2).
const (
	BadRequest          TRPCCode = "BAD_REQUEST"
	Unauthorized        TRPCCode = "UNAUTHORIZED"
	PaymentRequired     TRPCCode = "PAYMENT_REQUIRED"
	Forbidden           TRPCCode = "FORBIDDEN"
	NotFound            TRPCCode = "NOT_FOUND"
	Conflict            TRPCCode = "CONFLICT"
	PreconditionFailed  TRPCCode = "PRECONDITION_FAILED"
	TooManyRequests     TRPCCode = "TOO_MANY_REQUESTS"
	InternalServerError TRPCCode = "INTERNAL_SERVER_ERROR"
	BadGateway          TRPCCode = "BAD_GATEWAY"
)

// Entry is one row of the catalogue.
type Entry struct {
	Code Code
	TRPC TRPCCode
}

// The catalogue, in the order of spec §8.
const (
	GeneralError       Code = "GENERAL_ERROR"
	CodeUnauthorized   Code = "UNAUTHORIZED"
	CodeTooManyRequest Code = "TOO_MANY_REQUESTS"
	RateLimitExceeded  Code = "RATE_LIMIT_EXCEEDED"
	BadInput           Code = "BAD_INPUT"
	MissingParams      Code = "MISSING_PARAMS"
	MissingBody        Code = "MISSING_BODY"

	UserAlreadyExists        Code = "USER_ALREADY_EXISTS"
	UserNotFound             Code = "USER_NOT_FOUND"
	MissingOrInvalidPassword Code = "MISSING_OR_INVALID_PASSWORD"
	PasswordTooShort         Code = "PASSWORD_TOO_SHORT"
	PasswordMismatch         Code = "PASSWORD_MISMATCH"
	MustAcceptTerms          Code = "MUST_ACCEPT_TERMS"
	EmailNotValid            Code = "EMAIL_NOT_VALID"
	PhoneNotValid            Code = "PHONE_NOT_VALID"
	PrefixNotValid           Code = "PREFIX_NOT_VALID"
	PhoneExists              Code = "PHONE_EXISTIS" // sic: the spelling is the spec's and the clients'
	PhoneVerified            Code = "PHONE_VERIFIED"
	NotVerified              Code = "NOT_VERIFIED"
	VerificationNotFound     Code = "VERIFICATION_NOT_FOUND"
	VerificationTooSoon      Code = "VERIFICATION_TOO_SOON"
	MissingVerificationCode  Code = "MISSING_VERIFICATION_CODE"
	MissingVerificationToken Code = "MISSING_VERIFICATION_TOKEN"
	CantSendSMS              Code = "CANT_SEND_SMS"

	CouldntCreatePLMOrder Code = "COULDNT_CREATE_PLM_ORDER"
	StartAfterEnd         Code = "START_AFTER_END"
	OrderFailed           Code = "ORDER_FAILED"
	OrderDeleted          Code = "ORDER_DELETED"
	OrderRefunded         Code = "ORDER_REFUNDED"
	OrderNotFound         Code = "ORDER_NOT_FOUND"
	OrderCancelled        Code = "ORDER_CANCELLED"
	OrderConfirmed        Code = "ORDER_CONFIRMED"
	OrderExpired          Code = "ORDER_EXPIRED"
	OrderAlreadyConfirmed Code = "ORDER_ALREADY_CONFIRMED"
	OrderAlreadyCancelled Code = "ORDER_ALREADY_CANCELLED"
	OrderAlreadyDeleted   Code = "ORDER_ALREADY_DELETED"
	CantChange            Code = "CANT_CHANGE"
	CantConfirm           Code = "CANT_CONFIRM"
	CantRefund            Code = "CANT_REFUND"
	OrderCantBeExtended   Code = "ORDER_CANT_BE_EXTENDED"
	OrderIsNotConfirmed   Code = "ORDER_IS_NOT_CONFIRMED"

	LockersNotAvailable Code = "LOCKERS_NOT_AVAILABLE"
	StationNotAvailable Code = "STATION_NOT_AVAILABLE"
	StationNotFound     Code = "STATION_NOT_FOUND"
	LockerNotFound      Code = "LOCKER_NOT_FOUND"
	CantOpen            Code = "CANT_OPEN"
	NotReserved         Code = "NOT_RESERVED"

	ChargeError           Code = "CHARGE_ERROR"
	RefundError           Code = "REFUND_ERROR"
	MissingPaymentMethod  Code = "MISSING_PAYMENT_METHOD"
	InvoiceCreated        Code = "INVOICE_CREATED"
	InvoicePaid           Code = "INVOICE_PAID"
	InvoiceSettled        Code = "INVOICE_SETTLED"
	InvoiceCancelled      Code = "INVOICE_CANCELLED"
	InvoiceHasPayment     Code = "INVOICE_HAS_PAYMENT"
	InvoiceNotFound       Code = "INVOICE_NOT_FOUND" // not in spec §8's list; its INVOICE_* family, for ids
	CouldntCalculatePrice Code = "COULDNT_CALCULATE_PRICE"
	// PaymentMethodNotFound is ours, not spec §8's: the spec names no code for
	// an unknown (or another user's) payment method, and every other id has a
	// *_NOT_FOUND code.
	PaymentMethodNotFound Code = "PAYMENT_METHOD_NOT_FOUND"

	CouponAlreadyRegistered Code = "COUPON_ALREADY_REGISTERED"
	CantRegisterCoupon      Code = "CANT_REGISTER_COUPON"
	MissingNote             Code = "MISSING_NOTE"
	Cant                    Code = "CANT"

	// HelpNotFound is ours, not spec §8's: a help path with no section or article
	// (the web app shows /help/not-found, the spec's "Not found").
	HelpNotFound Code = "HELP_NOT_FOUND"
	// NotificationNotFound is ours, not spec §8's: a notification id that is
	// not one of the caller's (every other id has a *_NOT_FOUND code).
	NotificationNotFound Code = "NOTIFICATION_NOT_FOUND"
)

// Catalogue is every code of spec §8 with the tRPC code it is sent with.
var Catalogue = []Entry{
	{GeneralError, InternalServerError},
	{CodeUnauthorized, Unauthorized},
	{CodeTooManyRequest, TooManyRequests},
	{RateLimitExceeded, TooManyRequests},
	{BadInput, BadRequest},
	{MissingParams, BadRequest},
	{MissingBody, BadRequest},

	{UserAlreadyExists, Conflict},
	{UserNotFound, NotFound},
	{MissingOrInvalidPassword, Unauthorized},
	{PasswordTooShort, BadRequest},
	{PasswordMismatch, BadRequest},
	{MustAcceptTerms, BadRequest},
	{EmailNotValid, BadRequest},
	{PhoneNotValid, BadRequest},
	{PrefixNotValid, BadRequest},
	{PhoneExists, Conflict},
	{PhoneVerified, Conflict},
	{NotVerified, Forbidden},
	{VerificationNotFound, NotFound},
	{VerificationTooSoon, TooManyRequests},
	{MissingVerificationCode, BadRequest},
	{MissingVerificationToken, BadRequest},
	{CantSendSMS, BadGateway},

	{CouldntCreatePLMOrder, InternalServerError},
	{StartAfterEnd, BadRequest},
	{OrderFailed, Conflict},
	{OrderDeleted, Conflict},
	{OrderRefunded, Conflict},
	{OrderNotFound, NotFound},
	{OrderCancelled, Conflict},
	{OrderConfirmed, Conflict},
	{OrderExpired, Conflict},
	{OrderAlreadyConfirmed, Conflict},
	{OrderAlreadyCancelled, Conflict},
	{OrderAlreadyDeleted, Conflict},
	{CantChange, Conflict},
	{CantConfirm, Conflict},
	{CantRefund, Conflict},
	{OrderCantBeExtended, Conflict},
	{OrderIsNotConfirmed, PreconditionFailed},

	{LockersNotAvailable, Conflict},
	{StationNotAvailable, Conflict},
	{StationNotFound, NotFound},
	{LockerNotFound, NotFound},
	{CantOpen, Conflict},
	{NotReserved, Conflict},

	{ChargeError, PaymentRequired},
	{RefundError, BadGateway},
	{MissingPaymentMethod, PreconditionFailed},
	{InvoiceCreated, Conflict},
	{InvoicePaid, Conflict},
	{InvoiceSettled, Conflict},
	{InvoiceCancelled, Conflict},
	{InvoiceHasPayment, Conflict},
	{InvoiceNotFound, NotFound},
	{CouldntCalculatePrice, InternalServerError},
	{PaymentMethodNotFound, NotFound},

	{CouponAlreadyRegistered, Conflict},
	{CantRegisterCoupon, BadRequest},
	{MissingNote, BadRequest},
	{Cant, Conflict},

	{HelpNotFound, NotFound},
	{NotificationNotFound, NotFound},
}

var byCode = func() map[Code]TRPCCode {
	m := make(map[Code]TRPCCode, len(Catalogue))
	for _, e := range Catalogue {
		m[e.Code] = e.TRPC
	}
	return m
}()

// Known reports whether c is in the catalogue.
func Known(c Code) bool { _, ok := byCode[c]; return ok }

// TRPCFor returns the tRPC code a catalogue code travels with.
func TRPCFor(c Code) TRPCCode {
	if t, ok := byCode[c]; ok {
		return t
	}
	return InternalServerError
}

// Error is an application error the client is meant to see: a catalogue code and a
// human message safe to show. Anything that is not an *Error reaching the wire layer
// is an internal fault and is answered with GENERAL_ERROR and a generic message.
type Error struct {
	Code    Code
	Message string
	// TRPC overrides the catalogue's tRPC code, e.g. FORBIDDEN for a signed-in
	// non-admin on the admin API (UNAUTHORIZED would make clients drop the token).
	TRPC TRPCCode
	// Field names the offending input field, when there is one.
	Field string
	// Fields names every offending input field when a form is refused for
	// several at once (Field is the first of them), so a form can flag them all.
	Fields []string
}

func (e *Error) Error() string {
	if e.Message == "" {
		return string(e.Code)
	}
	return string(e.Code) + ": " + e.Message
}

// TRPCCode is the tRPC key this error is sent with.
func (e *Error) TRPCCode() TRPCCode {
	if e.TRPC != "" {
		return e.TRPC
	}
	return TRPCFor(e.Code)
}

// New returns an application error with a message.
func New(c Code, format string, args ...any) *Error {
	return &Error{Code: c, Message: fmt.Sprintf(format, args...)}
}

// Field returns an application error about one input field.
func Field(c Code, field, message string) *Error {
	return &Error{Code: c, Field: field, Message: message}
}

// Fields returns an application error about several input fields at once
// (Field is the first, Fields all of them); nil when fields is empty.
func Fields(c Code, fields []string, message string) error {
	if len(fields) == 0 {
		return nil
	}
	return &Error{Code: c, Field: fields[0], Fields: fields, Message: message}
}

// As extracts an *Error from err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// CodeOf returns err's catalogue code, GENERAL_ERROR for anything else.
func CodeOf(err error) Code {
	if e, ok := As(err); ok {
		return e.Code
	}
	return GeneralError
}
