package api_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/uuid"
	"golang.org/x/text/unicode/norm"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/rpc"
)

// allProcedures is both endpoints' table, without the domain behind it: Check
// needs none.
func allProcedures() []rpc.Procedure {
	return append(api.Hybrid(api.Deps{}), api.Admin(api.Deps{})...)
}

// FuzzInputValidation feeds arbitrary JSON to every procedure's input type
// (decode, gate, Validate: what runs before domain code). A refusal is a
// catalogued code; what is let through holds only gated strings. The seeds
// are each procedure with an empty object, its zero input and hostile text.
func FuzzInputValidation(f *testing.F) {
	procs := allProcedures()
	for i, p := range procs {
		zero, _ := json.Marshal(reflect.New(p.Input).Elem().Interface())
		for _, seed := range []string{``, `{}`, string(zero), `{"orderUuid":"a\u0000"}`, `{"email":"Ma\u0308ri@example.com"}`,
			`{"orderUuid":"x","orderLockerUuid":"0193A5F0-0000-7000-8000-000000000001"}`, `{"id":"{0193a5f0-0000-7000-8000-000000000001}"}`,
			`{"note":"a\nb","end":"9999-12-31T23:00:00-05:00"}`, "{\"code\":\"\xff\"}", `[]`, `"x"`} {
			f.Add(uint16(i), []byte(seed))
		}
	}
	f.Fuzz(func(t *testing.T, which uint16, raw []byte) {
		p := procs[int(which)%len(procs)]
		in, err := p.Check(json.RawMessage(raw))
		if err != nil {
			ae, ok := apperr.As(err)
			if !ok || !apperr.Known(ae.Code) {
				t.Fatalf("%s: %v is not a catalogued error", p.Path, err)
			}
			return
		}
		walkIDs(reflect.ValueOf(in), "", func(field, id string) {
			if id != "" && (uuid.Validate(id) != nil || len(id) != 36 || strings.ToLower(id) != id) {
				t.Fatalf("%s let id %s = %q through", p.Path, field, id)
			}
		})
		walkStrings(reflect.ValueOf(in), func(s string) {
			if !utf8.ValidString(s) || !norm.NFC.IsNormalString(s) {
				t.Fatalf("%s let %q through", p.Path, s)
			}
			for _, r := range s {
				if r == 0 || r == utf8.RuneError || (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7f && r <= 0x9f) {
					t.Fatalf("%s let %q through", p.Path, s)
				}
			}
		})
	})
}

func walkStrings(v reflect.Value, fn func(string)) {
	switch v.Kind() {
	case reflect.String:
		fn(v.String())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkStrings(v.Elem(), fn)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkStrings(v.Index(i), fn)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			walkStrings(it.Key(), fn)
			walkStrings(it.Value(), fn)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walkStrings(v.Field(i), fn)
			}
		}
	}
}

// walkIDs calls fn with every id field of an input (a string whose JSON name
// is id, uuid or ends in Uuid or Id; not the audit log's free targetId) and its
// value.
func walkIDs(v reflect.Value, name string, fn func(field, id string)) {
	switch v.Kind() {
	case reflect.String:
		if name != "targetId" && (name == "id" || name == "uuid" || strings.HasSuffix(name, "Uuid") || strings.HasSuffix(name, "Id")) {
			fn(name, v.String())
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkIDs(v.Elem(), name, fn)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkIDs(v.Index(i), name, fn)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.IsExported() {
				tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				walkIDs(v.Field(i), tag, fn)
			}
		}
	}
}
