package rpc

import (
	"errors"
	"net/url"
	"strings"
)

var errEscape = errors.New("bad escape")

// unescape is url.QueryUnescape with a fast path: most inputs from
// encodeURIComponent need decoding, but short plain ones need no copy.
func unescape(s string) (string, error) {
	if !strings.ContainsAny(s, "%+") {
		return s, nil
	}
	out, err := url.QueryUnescape(s)
	if err != nil {
		return "", errEscape
	}
	return out, nil
}
