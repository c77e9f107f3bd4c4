package rpc

import "context"

type callsKey struct{}

// Calls is the number of procedure calls in the request being served (1 for
// a single call, N for a batch of N). The Options.Context hook reads it so
// that a per-token or per-address limit charges a batch what its calls
// would cost one by one: a batch is no way around a flood limit.
func Calls(ctx context.Context) int {
	if n, ok := ctx.Value(callsKey{}).(int); ok && n > 0 {
		return n
	}
	return 1
}

func withCalls(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, callsKey{}, n)
}
