package app

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"

	"lockers/internal/apperr"
	"lockers/internal/jobs/jobstest"
)

// hostileStrings are JSON string literals (raw bytes, so invalid UTF-8 stays
// invalid) that the input gate must refuse with BAD_INPUT wherever they appear.
var hostileStrings = map[string]string{
	"NUL":            `"a\u0000b"`,
	"escape":         `"a\u001bb"`,
	"line feed":      `"a\nb"`, // refused in one-line fields; free text is tried apart
	"DEL":            `"a\u007fb"`,
	"C1 control":     `"a\u0085b"`,
	"lone surrogate": `"a\ud800b"`,
	"invalid UTF-8":  "\"a\xff\xfeb\"",
	"overlong":       `"` + strings.Repeat("x", 70000) + `"`,
}

// nonNFC is decomposed text: the gate composes it and the procedure answers as
// it would to any other text, never with a 500.
const nonNFC = `"Ma\u0308ri-o\u0308o\u0308"`

const hostileMark = "\x01hostile\x01"

// TestEveryInputStringGoesThroughTheGate walks every procedure of both
// endpoints (from the procedure tables, so a new procedure is walked without
// touching this test) and puts each hostile string into each string of its
// input in turn, on both databases.
func TestEveryInputStringGoesThroughTheGate(t *testing.T) {
	t.Parallel() // a stack and databases of its own, like the other whole-stack tests
	jobstest.EachMigratedURL(t, func(t *testing.T, url string) {
		s := newStack(t, url)
		admin := s.user("ADMIN")
		keys := make([]string, 0, len(s.procs))
		for k := range s.procs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		walked := 0
		for _, key := range keys {
			p := s.procs[key]
			// A user of its own: the decomposed text may go through, and
			// auth.remove would delete a shared one.
			as := s.principal(p, s.user(), admin)
			for _, field := range stringFields(p.Input) {
				tmpl := inputTemplate(p.Input, field)
				for name, lit := range hostileStrings {
					if name == "line feed" && field.text {
						continue
					}
					raw := bytes.Replace(tmpl, []byte(`"`+jsonMark()+`"`), []byte(lit), 1)
					a := s.call(key, as, raw)
					if a.status != http.StatusBadRequest || a.appCode != string(apperr.BadInput) {
						t.Errorf("%s %s with %s: %d %s, want 400 BAD_INPUT", key, field, name, a.status, trim(a.body))
					}
				}
				raw := bytes.Replace(tmpl, []byte(`"`+jsonMark()+`"`), []byte(nonNFC), 1)
				if a := s.call(key, as, raw); a.status >= 500 || (a.appCode != "" && !apperr.Known(apperr.Code(a.appCode))) {
					t.Errorf("%s %s with decomposed text: %d %s", key, field, a.status, trim(a.body))
				}
				walked++
			}
		}
		if walked < 150 { // today about 200: a walk that finds nothing is broken
			t.Fatalf("walked only %d string fields", walked)
		}
	})
}

// inputField is one string in an input type: its JSON path and whether it is
// free text (`input:"text"`, here or inherited).
type inputField struct {
	path []string // JSON names; "0" for a slice element
	text bool
}

func (f inputField) String() string { return strings.Join(f.path, ".") }

// stringFields lists every string an input of type t can hold.
func stringFields(t reflect.Type) []inputField {
	var out []inputField
	var walk func(t reflect.Type, path []string, text bool, depth int)
	walk = func(t reflect.Type, path []string, text bool, depth int) {
		if depth > 6 {
			return
		}
		switch t.Kind() {
		case reflect.String:
			out = append(out, inputField{path: append([]string(nil), path...), text: text})
		case reflect.Pointer:
			walk(t.Elem(), path, text, depth)
		case reflect.Slice, reflect.Array:
			if t.Elem().Kind() != reflect.Uint8 {
				walk(t.Elem(), append(path, "0"), text, depth+1)
			}
		case reflect.Map:
			walk(t.Elem(), append(path, "k"), text, depth+1)
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if name == "-" || !f.IsExported() {
					continue
				}
				if name == "" {
					name = f.Name
				}
				ftext := text
				if tag, ok := f.Tag.Lookup("input"); ok {
					ftext = strings.Contains(tag, "text")
				}
				walk(f.Type, append(path, name), ftext, depth+1)
			}
		}
	}
	walk(t, nil, false, 0)
	return out
}

func jsonMark() string {
	b, _ := json.Marshal(hostileMark)
	return strings.Trim(string(b), `"`)
}

// inputTemplate is a JSON input of type t with every field present (zero
// values, one element in each slice) and the hostile mark at field.
func inputTemplate(t reflect.Type, field inputField) []byte {
	var build func(t reflect.Type, path []string, target []string, depth int) any
	build = func(t reflect.Type, path, target []string, depth int) any {
		onTarget := target != nil && len(path) <= len(target) && equal(path, target[:len(path)])
		switch t.Kind() {
		case reflect.String:
			if onTarget && len(path) == len(target) {
				return hostileMark
			}
			return ""
		case reflect.Pointer:
			return build(t.Elem(), path, target, depth)
		case reflect.Slice, reflect.Array:
			if t.Elem().Kind() == reflect.Uint8 || depth > 6 {
				return []any{}
			}
			return []any{build(t.Elem(), append(path, "0"), target, depth+1)}
		case reflect.Map:
			return map[string]any{"k": build(t.Elem(), append(path, "k"), target, depth+1)}
		case reflect.Struct:
			m := map[string]any{}
			for i := range t.NumField() {
				f := t.Field(i)
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if name == "-" || !f.IsExported() {
					continue
				}
				if name == "" {
					name = f.Name
				}
				m[name] = build(f.Type, append(path, name), target, depth+1)
			}
			return m
		}
		return reflect.Zero(t).Interface()
	}
	b, err := json.Marshal(build(t, nil, field.path, 0))
	if err != nil {
		panic(err)
	}
	return b
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func trim(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
