package rpc

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// appendResult writes {"result":{"data":v}}, or {"result":{}} for no value
// (an untyped nil: the client resolves undefined). On an encoding failure the
// buffer is left as it was and the error is returned.
func appendResult(b *bytes.Buffer, enc *json.Encoder, v any) error {
	if v == nil {
		b.WriteString(`{"result":{}}`)
		return nil
	}
	start := b.Len()
	b.WriteString(`{"result":{"data":`)
	if err := enc.Encode(v); err != nil {
		b.Truncate(start)
		return err
	}
	b.Truncate(b.Len() - 1) // Encode's trailing newline
	b.WriteString(`}}`)
	return nil
}

// appendError writes one error envelope. path is left out for request-level
// errors (empty path and !withPath).
func appendError(b *bytes.Buffer, e wireError, path string, withPath bool) {
	b.WriteString(`{"error":{"message":`)
	appendString(b, e.message)
	b.WriteString(`,"code":`)
	b.WriteString(strconv.Itoa(e.rpc))
	b.WriteString(`,"data":{"code":"`)
	b.WriteString(string(e.key))
	b.WriteString(`","httpStatus":`)
	b.WriteString(strconv.Itoa(e.status))
	if withPath {
		b.WriteString(`,"path":`)
		appendString(b, path)
	}
	b.WriteString(`,"appCode":`)
	appendString(b, string(e.appCode))
	if e.field != "" {
		b.WriteString(`,"field":`)
		appendString(b, e.field)
	}
	if len(e.fields) > 0 {
		b.WriteString(`,"fields":[`)
		for i, f := range e.fields {
			if i > 0 {
				b.WriteByte(',')
			}
			appendString(b, f)
		}
		b.WriteByte(']')
	}
	b.WriteString(`}}}`)
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string; invalid UTF-8 becomes U+FFFD.
func appendString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xf])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(`\ufffd`)
		} else if r == '\u2028' || r == '\u2029' {
			b.WriteString(`\u202`)
			b.WriteByte(hexDigits[r&0xf])
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}
