package rpc

import (
	"net/http"

	"lockers/internal/apperr"
)

// tRPC keys that only the wire layer produces (apperr holds the ones the
// catalogue uses).
const (
	parseError           apperr.TRPCCode = "PARSE_ERROR"
	methodNotSupported   apperr.TRPCCode = "METHOD_NOT_SUPPORTED"
	payloadTooLarge      apperr.TRPCCode = "PAYLOAD_TOO_LARGE"
	unsupportedMediaType apperr.TRPCCode = "UNSUPPORTED_MEDIA_TYPE"
)

// wireCode is how one tRPC key travels: its JSON-RPC number and HTTP status.
type wireCode struct {
	rpc    int
	status int
}

// wireCodes is docs/protocol.md §3.2.
var wireCodes = map[apperr.TRPCCode]wireCode{
	parseError:                 {-32700, http.StatusBadRequest},
	apperr.BadRequest:          {-32600, http.StatusBadRequest},
	apperr.Unauthorized:        {-32001, http.StatusUnauthorized},
	apperr.PaymentRequired:     {-32002, http.StatusPaymentRequired},
	apperr.Forbidden:           {-32003, http.StatusForbidden},
	apperr.NotFound:            {-32004, http.StatusNotFound},
	methodNotSupported:         {-32005, http.StatusMethodNotAllowed},
	"TIMEOUT":                  {-32008, http.StatusRequestTimeout},
	apperr.Conflict:            {-32009, http.StatusConflict},
	apperr.PreconditionFailed:  {-32012, http.StatusPreconditionFailed},
	payloadTooLarge:            {-32013, http.StatusRequestEntityTooLarge},
	unsupportedMediaType:       {-32015, http.StatusUnsupportedMediaType},
	"UNPROCESSABLE_CONTENT":    {-32022, http.StatusUnprocessableEntity},
	"PRECONDITION_REQUIRED":    {-32028, http.StatusPreconditionRequired},
	apperr.TooManyRequests:     {-32029, http.StatusTooManyRequests},
	"CLIENT_CLOSED_REQUEST":    {-32099, 499},
	apperr.InternalServerError: {-32603, http.StatusInternalServerError},
	"NOT_IMPLEMENTED":          {-32603, http.StatusNotImplemented},
	apperr.BadGateway:          {-32603, http.StatusBadGateway},
	"SERVICE_UNAVAILABLE":      {-32603, http.StatusServiceUnavailable},
	"GATEWAY_TIMEOUT":          {-32603, http.StatusGatewayTimeout},
}

// wire returns the wire form of a key; an unknown key is sent as an internal error.
func wire(c apperr.TRPCCode) (apperr.TRPCCode, wireCode) {
	if w, ok := wireCodes[c]; ok {
		return c, w
	}
	return apperr.InternalServerError, wireCodes[apperr.InternalServerError]
}
