package rpc

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"

	"lockers/internal/apperr"
)

// genericMessage is all a client learns about an internal fault.
const genericMessage = "Internal server error"

// wireError is an error ready for the envelope: everything the shape needs.
type wireError struct {
	message string
	key     apperr.TRPCCode
	rpc     int
	status  int
	appCode apperr.Code
	field   string
	fields  []string // every field when the error names several
}

// toWire maps any error a call produced. Application errors keep their message
// and code; anything else is an internal fault, logged here with its detail and
// answered generically so nothing about the server leaks.
func (h *handler) toWire(ctx context.Context, path string, err error) wireError {
	if ae, ok := apperr.As(err); ok {
		key, w := wire(ae.TRPCCode())
		msg := ae.Message
		if msg == "" {
			msg = string(ae.Code)
		}
		return wireError{message: msg, key: key, rpc: w.rpc, status: w.status, appCode: ae.Code, field: ae.Field, fields: ae.Fields}
	}
	h.logError(ctx, "rpc: procedure failed", path, slog.Any("err", err))
	return internalError()
}

func internalError() wireError {
	w := wireCodes[apperr.InternalServerError]
	return wireError{message: genericMessage, key: apperr.InternalServerError, rpc: w.rpc, status: w.status, appCode: apperr.GeneralError}
}

// protocolError builds an error about the request itself (not a procedure's).
func protocolError(key apperr.TRPCCode, app apperr.Code, format string, args ...any) wireError {
	k, w := wire(key)
	return wireError{message: fmt.Sprintf(format, args...), key: k, rpc: w.rpc, status: w.status, appCode: app}
}

// recovered turns a panic into an internal error; the panic value and stack go
// only to the log.
func (h *handler) recovered(ctx context.Context, path string, v any) wireError {
	h.logError(ctx, "rpc: procedure panicked", path, slog.Any("panic", v), slog.String("stack", string(debug.Stack())))
	return internalError()
}

func (h *handler) logError(ctx context.Context, msg, path string, attrs ...slog.Attr) {
	attrs = append(attrs, slog.String("path", path))
	if id := RequestIDFrom(ctx); id != "" {
		attrs = append(attrs, slog.String("request_id", id))
	}
	h.log.LogAttrs(ctx, slog.LevelError, msg, attrs...)
}
