package rpc

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"lockers/internal/apperr"
)

// The input gate: every string of every decoded input passes here before its
// procedure's Validate and before any domain code
// (docs/decisions/072-input-gate.md). A string is refused with BAD_INPUT when
// it holds a control character or U+FFFD (what the JSON decoder makes of
// invalid UTF-8 and lone surrogates) or is longer than its cap; otherwise it is
// normalised to NFC in place.
//
// A field's rules come from its `input` struct tag:
//
//	`input:"max=4096"`      a cap other than DefaultMaxRunes
//	`input:"text"`          free text: tab, line feed and carriage return allowed, cap DefaultMaxTextRunes
//	`input:"text,max=65536"`
//	`input:"uuid"`          an id: empty (none) or a UUID, else BAD_INPUT on the field
//	`input:"uuid=ORDER_NOT_FOUND"`  an id whose malformed value answers what an
//	                        unknown one does (a catalogued code), on the field
//
// An id is accepted only in the canonical form (8-4-4-4-12 hexadecimal digits)
// and lower-cased in place, so both databases see the same text: PostgreSQL's
// uuid type would otherwise take braces, missing hyphens and capitals that
// SQLite's text columns do not match, and answer anything else with an error.
const (
	// DefaultMaxRunes caps a one-line string: names, ids, codes, e-mail addresses.
	DefaultMaxRunes = 256
	// DefaultMaxTextRunes caps free text (notes, reasons).
	DefaultMaxTextRunes = 2000
)

// Clean passes every string of *ptr through the input gate, in place, by the
// rules of its `input` tags: the procedures' inputs get it on every call, and
// the other ways outside text comes in (a payment provider's signed
// notification, read into our terms) call it, so a NUL or invalid UTF-8 there
// is BAD_INPUT too, not a database error. ptr must be a non-nil pointer.
func Clean(ptr any) error {
	v := reflect.ValueOf(ptr)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		panic("rpc: Clean needs a non-nil pointer")
	}
	g, ok := cleanGates.Load(v.Type())
	if !ok {
		g, _ = cleanGates.LoadOrStore(v.Type(), compileGate(v.Type().Elem()))
	}
	if gate := g.(gateFn); gate != nil {
		return gate(v.Elem(), "")
	}
	return nil
}

// cleanGates are Clean's compiled gates by pointer type.
var cleanGates sync.Map

// fieldRule is how one string is checked.
type fieldRule struct {
	text bool // tab and line breaks allowed
	max  int  // in characters (runes), after normalisation
	// uuid: the string is an id (empty or a canonical UUID); a malformed one
	// is refused with malformed (BAD_INPUT unless the tag names a code).
	uuid      bool
	malformed apperr.Code
}

// gateFn checks and normalises the value at v (addressable) in place; field
// is the JSON path of v for the error ("device.model", "prices.0.height").
type gateFn func(v reflect.Value, field string) error

// compileGate builds the gate of a type once, at declaration: the call path
// only walks the fields that can hold strings. nil means the type holds none.
func compileGate(t reflect.Type) gateFn {
	return (&gateCompiler{done: map[structKey]*gateFn{}}).compile(t, fieldRule{max: DefaultMaxRunes})
}

type gateCompiler struct {
	done map[structKey]*gateFn // struct types compiled or being compiled (recursive types)
}

// structKey: a struct's gate depends on the rule its untagged fields inherit.
type structKey struct {
	t    reflect.Type
	rule fieldRule
}

func (c *gateCompiler) compile(t reflect.Type, rule fieldRule) gateFn {
	switch t.Kind() {
	case reflect.String:
		return func(v reflect.Value, field string) error {
			s, err := cleanString(v.String(), rule, field)
			if err != nil {
				return err
			}
			if rule.uuid && s != "" {
				if s, err = cleanUUID(s, rule.malformed, field); err != nil {
					return err
				}
			}
			if s != v.String() {
				v.SetString(s)
			}
			return nil
		}
	case reflect.Pointer:
		elem := c.compile(t.Elem(), rule)
		if elem == nil {
			return nil
		}
		return func(v reflect.Value, field string) error {
			if v.IsNil() {
				return nil
			}
			return elem(v.Elem(), field)
		}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 { // []byte is base64 in JSON, not text
			return nil
		}
		elem := c.compile(t.Elem(), rule)
		if elem == nil {
			return nil
		}
		return func(v reflect.Value, field string) error {
			for i := range v.Len() {
				if err := elem(v.Index(i), join(field, strconv.Itoa(i))); err != nil {
					return err
				}
			}
			return nil
		}
	case reflect.Map:
		return c.compileMap(t, rule)
	case reflect.Interface:
		// Only what JSON decodes into an interface (maps, slices, strings) can be
		// there; the value's type is known at run time only.
		return func(v reflect.Value, field string) error {
			if v.IsNil() {
				return nil
			}
			inner := reflect.New(v.Elem().Type()).Elem()
			inner.Set(v.Elem())
			fresh := &gateCompiler{done: map[structKey]*gateFn{}} // c's map is not for concurrent calls
			if g := fresh.compile(inner.Type(), rule); g != nil {
				if err := g(inner, field); err != nil {
					return err
				}
				v.Set(inner)
			}
			return nil
		}
	case reflect.Struct:
		return c.compileStruct(t, rule)
	}
	return nil
}

func (c *gateCompiler) compileMap(t reflect.Type, rule fieldRule) gateFn {
	key := c.compile(t.Key(), fieldRule{max: DefaultMaxRunes})
	elem := c.compile(t.Elem(), rule)
	if key == nil && elem == nil {
		return nil
	}
	return func(v reflect.Value, field string) error {
		if v.IsNil() {
			return nil
		}
		out := reflect.MakeMapWithSize(t, v.Len())
		for it := v.MapRange(); it.Next(); {
			k := reflect.New(t.Key()).Elem()
			k.Set(it.Key())
			e := reflect.New(t.Elem()).Elem()
			e.Set(it.Value())
			name := join(field, it.Key().String())
			if key != nil {
				if err := key(k, field); err != nil {
					return err
				}
			}
			if elem != nil {
				if err := elem(e, name); err != nil {
					return err
				}
			}
			out.SetMapIndex(k, e)
		}
		v.Set(out)
		return nil
	}
}

type structField struct {
	index []int
	name  string // JSON name; "" for an embedded struct whose fields JSON flattens
	gate  gateFn
}

// compileStruct: a field's own `input` tag gives its rule; an untagged field
// inherits the rule of the field holding the struct (so a tag on a field of
// type LocalizedText covers both languages).
func (c *gateCompiler) compileStruct(t reflect.Type, inherited fieldRule) gateFn {
	key := structKey{t, inherited}
	if g, ok := c.done[key]; ok {
		if *g == nil {
			return nil
		}
		return func(v reflect.Value, field string) error { return (*g)(v, field) }
	}
	slot := new(gateFn)
	c.done[key] = slot
	var fields []structField
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if name == "" && !(f.Anonymous && indirect(f.Type).Kind() == reflect.Struct) {
			name = f.Name
		}
		rule := inherited
		if tag, ok := f.Tag.Lookup("input"); ok {
			rule = ruleOf(tag)
		}
		g := c.compile(f.Type, rule)
		if g != nil {
			fields = append(fields, structField{index: f.Index, name: name, gate: g})
		}
	}
	if len(fields) == 0 {
		return nil
	}
	*slot = func(v reflect.Value, field string) error {
		for _, f := range fields {
			if err := f.gate(v.FieldByIndex(f.index), join(field, f.name)); err != nil {
				return err
			}
		}
		return nil
	}
	return *slot
}

func indirect(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// ruleOf parses an `input` tag. A malformed cap panics at declaration, where
// a test sees it, never at call time.
func ruleOf(tag string) fieldRule {
	var r fieldRule
	explicit := 0
	for opt := range strings.SplitSeq(tag, ",") {
		switch {
		case opt == "":
		case opt == "text":
			r.text = true
		case opt == "uuid":
			r.uuid, r.malformed = true, apperr.BadInput
		case strings.HasPrefix(opt, "uuid="):
			code := apperr.Code(strings.TrimPrefix(opt, "uuid="))
			if !apperr.Known(code) {
				panic("rpc: unknown error code in input tag " + strconv.Quote(tag))
			}
			r.uuid, r.malformed = true, code
		case strings.HasPrefix(opt, "max="):
			n, err := strconv.Atoi(strings.TrimPrefix(opt, "max="))
			if err != nil || n <= 0 {
				panic("rpc: bad input tag " + strconv.Quote(tag))
			}
			explicit = n
		default:
			panic("rpc: unknown input tag option " + strconv.Quote(opt))
		}
	}
	switch {
	case explicit > 0:
		r.max = explicit
	case r.text:
		r.max = DefaultMaxTextRunes
	default:
		r.max = DefaultMaxRunes
	}
	return r
}

func join(parent, name string) string {
	switch {
	case parent == "":
		return name
	case name == "":
		return parent
	}
	return parent + "." + name
}

// cleanString applies a rule to one string: the refusals first (on the string
// as sent), then NFC, then the cap (on the normalised text, what is stored).
func cleanString(s string, rule fieldRule, field string) (string, error) {
	ascii := true
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b >= utf8.RuneSelf {
			ascii = false
			break
		}
		if b < 0x20 || b == 0x7f {
			if !rule.text || (b != '\t' && b != '\n' && b != '\r') {
				return "", refuse(field, "contains a control character")
			}
		}
	}
	if ascii { // the common case: nothing to normalise, length is bytes
		if len(s) > rule.max {
			return "", tooLong(field, rule.max)
		}
		return s, nil
	}
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			return "", refuse(field, "is not valid UTF-8")
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			if !rule.text || (r != '\t' && r != '\n' && r != '\r') {
				return "", refuse(field, "contains a control character")
			}
		}
	}
	if !norm.NFC.IsNormalString(s) {
		s = norm.NFC.String(s)
	}
	if utf8.RuneCountInString(s) > rule.max {
		return "", tooLong(field, rule.max)
	}
	return s, nil
}

// cleanUUID accepts a canonical UUID (any case) and answers it lower-cased.
func cleanUUID(s string, malformed apperr.Code, field string) (string, error) {
	lower := true
	ok := len(s) == 36
	for i := 0; ok && i < len(s); i++ {
		switch b := s[i]; {
		case i == 8 || i == 13 || i == 18 || i == 23:
			ok = b == '-'
		case b >= '0' && b <= '9', b >= 'a' && b <= 'f':
		case b >= 'A' && b <= 'F':
			lower = false
		default:
			ok = false
		}
	}
	if !ok {
		return "", apperr.Field(malformed, field, field+" is not a valid id")
	}
	if !lower {
		s = strings.ToLower(s)
	}
	return s, nil
}

func refuse(field, why string) error {
	name := field
	if name == "" {
		name = "input"
	}
	return apperr.Field(apperr.BadInput, field, name+" "+why)
}

func tooLong(field string, max int) error {
	name := field
	if name == "" {
		name = "input"
	}
	return apperr.Field(apperr.BadInput, field, name+" is longer than "+strconv.Itoa(max)+" characters")
}
