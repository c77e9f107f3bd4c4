package rpc

import "context"

type requestIDKey struct{}

// WithRequestID returns ctx carrying the request id that error logs of this
// package include as request_id. Use it when the application's slog handler
// does not already add the id from the context itself (adding it both ways
// would log it twice).
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestIDFrom returns the id set by WithRequestID, or "".
func RequestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
