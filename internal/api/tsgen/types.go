package tsgen

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"

	"lockers/internal/rpc"
)

// generator maps Go types to TypeScript following docs/protocol.md §8: json tags
// give names, omitempty makes a field optional, pointers become `| null`,
// time.Time is a string, and a `ts:"..."` tag overrides the type of a field.
// Named structs become exported interfaces under their Go name.
type generator struct {
	decls map[string]string
	owner map[string]reflect.Type
	order []string
}

func newGenerator() *generator {
	return &generator{decls: map[string]string{}, owner: map[string]reflect.Type{}}
}

var (
	voidType       = reflect.TypeFor[rpc.Void]()
	timeType       = reflect.TypeFor[time.Time]()
	rawMessageType = reflect.TypeFor[json.RawMessage]()
)

func (g *generator) input(t reflect.Type) (string, error) {
	if t == nil || t == voidType {
		return "void", nil
	}
	return g.typeOf(t)
}

func (g *generator) typeOf(t reflect.Type) (string, error) {
	switch {
	case t == nil || t == voidType:
		return "null", nil
	case t == timeType:
		return "string", nil
	case t == rawMessageType:
		return "unknown", nil
	}
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Pointer:
		inner, err := g.typeOf(t.Elem())
		if err != nil {
			return "", err
		}
		return inner + " | null", nil
	case reflect.Slice, reflect.Array:
		inner, err := g.typeOf(t.Elem())
		if err != nil {
			return "", err
		}
		if strings.Contains(inner, " ") {
			inner = "(" + inner + ")"
		}
		return inner + "[]", nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "", fmt.Errorf("map key %s is not a string", t.Key())
		}
		inner, err := g.typeOf(t.Elem())
		if err != nil {
			return "", err
		}
		return "Record<string, " + inner + ">", nil
	case reflect.Struct:
		return g.structType(t)
	case reflect.Interface:
		return "unknown", nil
	}
	return "", fmt.Errorf("type %s has no TypeScript mapping", t)
}

func (g *generator) structType(t reflect.Type) (string, error) {
	name := t.Name()
	if name == "" {
		return g.fields(t, "")
	}
	if prev, ok := g.owner[name]; ok {
		if prev != t {
			return "", fmt.Errorf("two Go types are both named %s (%s, %s)", name, prev, t)
		}
		return name, nil
	}
	g.owner[name] = t // before the fields, so recursive types terminate
	body, err := g.fields(t, "")
	if err != nil {
		return "", err
	}
	g.decls[name] = "export interface " + name + " " + body + "\n"
	g.order = append(g.order, name)
	return name, nil
}

func (g *generator) fields(t reflect.Type, indent string) (string, error) {
	var b strings.Builder
	b.WriteString("{\n")
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		optional := strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")
		typ := f.Tag.Get("ts")
		if typ == "" {
			ft := f.Type
			if optional && ft.Kind() == reflect.Pointer {
				ft = ft.Elem() // an omitted field is the nil pointer: `?` says it all
			}
			var err error
			if typ, err = g.typeOf(ft); err != nil {
				return "", fmt.Errorf("%s.%s: %w", t, f.Name, err)
			}
		}
		q := ""
		if optional {
			q = "?"
		}
		fmt.Fprintf(&b, "%s  %s%s: %s;\n", indent, name, q, typ)
	}
	b.WriteString(indent + "}")
	return b.String(), nil
}
