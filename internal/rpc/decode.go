package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"lockers/internal/apperr"
)

// decodeInput fills dst from one call's raw input. No input (absent, empty or
// null) leaves dst at its zero value: Validate, when the type has one, decides
// whether that is acceptable. Unknown fields are refused so that a client typo
// is an error rather than a silently ignored field.
func decodeInput(raw json.RawMessage, dst any, void bool) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" || (void && string(raw) == "{}") {
		return nil
	}
	if !utf8.Valid(raw) { // the decoder would quietly make U+FFFD of it
		return apperr.New(apperr.BadInput, "input is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return inputError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return apperr.New(apperr.BadInput, "malformed JSON input")
	}
	return nil
}

// inputError turns a decoding failure into a BAD_INPUT the client may see,
// naming the field but not Go's type names.
func inputError(err error) error {
	if ae, ok := apperr.As(err); ok { // a type's own UnmarshalJSON may answer precisely
		return ae
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return apperr.New(apperr.BadInput, "input has the wrong type")
		}
		return apperr.Field(apperr.BadInput, te.Field, "field "+te.Field+" has the wrong type")
	}
	if msg := err.Error(); strings.HasPrefix(msg, `json: unknown field "`) {
		name := strings.TrimSuffix(strings.TrimPrefix(msg, `json: unknown field "`), `"`)
		return apperr.Field(apperr.BadInput, name, "unknown field "+name)
	}
	return apperr.New(apperr.BadInput, "malformed JSON input")
}

// splitBatch picks item i's input out of the batch object {"0":in0,"1":in1,...}.
// A missing index means no input.
func splitBatch(raw []byte, inputs []json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "{}" {
		return nil
	}
	if raw[0] != '{' {
		return apperr.New(apperr.BadInput, `"input" needs to be an object when doing a batch call`)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return apperr.New(apperr.BadInput, "malformed JSON input")
	}
	for k, v := range m {
		i, ok := index(k)
		if ok && i < len(inputs) {
			inputs[i] = v
		}
	}
	return nil
}

// index parses a small decimal batch index without allocating.
func index(s string) (int, bool) {
	if s == "" || len(s) > 4 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// queryParams reads batch and input from a raw query string without building a
// url.Values map; other parameters are ignored, as tRPC does.
func queryParams(rawQuery string) (batch bool, input string, hasInput bool, err error) {
	for rawQuery != "" {
		var pair string
		pair, rawQuery, _ = strings.Cut(rawQuery, "&")
		key, val, _ := strings.Cut(pair, "=")
		switch key {
		case "batch":
			batch = val == "1" || val == "true"
		case "input":
			hasInput = true
			if input, err = unescape(val); err != nil {
				return false, "", false, apperr.New(apperr.BadInput, "malformed input parameter")
			}
		}
	}
	return batch, input, hasInput, nil
}
