package account

import "context"

// Request is what the HTTP edge knows about a call and the procedures need: the
// client address (the key of per-address rate limits), the user agent and the
// bearer token as presented (auth.authorize and auth.update answer with it; only
// its hash is ever stored). The rpc handler passes procedures a context only, so a
// middleware in front of it puts this there with WithRequest.
type Request struct {
	ClientIP  string
	UserAgent string
	Bearer    string
	// Calls is the number of procedure calls the request carries (a batch
	// of N: N); the per-token limit charges each of them. 0 counts as 1.
	Calls int
}

type requestKey struct{}

// WithRequest returns ctx carrying r.
func WithRequest(ctx context.Context, r Request) context.Context {
	return context.WithValue(ctx, requestKey{}, r)
}

// RequestFrom returns the request metadata in ctx; the zero Request when none was
// set (then every caller shares the "unknown" address bucket).
func RequestFrom(ctx context.Context) Request {
	r, _ := ctx.Value(requestKey{}).(Request)
	return r
}

func (r Request) addressKey() string {
	if r.ClientIP == "" {
		return "unknown"
	}
	return r.ClientIP
}
