package rpc

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"lockers/internal/apperr"
)

type gateInner struct {
	Label string `json:"label"`
}

type gateInput struct {
	Name  string            `json:"name"`
	Note  string            `json:"note" input:"text"`
	Short string            `json:"short" input:"max=3"`
	Opt   *string           `json:"opt,omitempty"`
	Items []gateInner       `json:"items"`
	Body  gateInner         `json:"body" input:"text,max=5"`
	Tags  map[string]string `json:"tags"`
	Any   any               `json:"any"`
	Bytes []byte            `json:"bytes"`
	//lint:ignore U1000 an unexported field the gate must not read; nothing reads it
	hidden string
}

func TestInputGate(t *testing.T) {
	echo := Mutation("g", Public, func(_ context.Context, in gateInput) (gateInput, error) { return in, nil })
	cases := []struct {
		name, raw string
		field     string // refused on this field; "-" when accepted
		want      string // a fragment of the accepted output
	}{
		{"plain", `{"name":"Mari"}`, "-", `"name":"Mari"`},
		{"NUL", `{"name":"a\u0000b"}`, "name", ""},
		{"escape char", `{"name":"a\u001bb"}`, "name", ""},
		{"DEL", `{"name":"a\u007fb"}`, "name", ""},
		{"C1 control", `{"name":"a\u0085b"}`, "name", ""},
		{"line feed in one-line field", `{"name":"a\nb"}`, "name", ""},
		{"tab in one-line field", `{"name":"a\tb"}`, "name", ""},
		{"line feed and tab in text", `{"note":"a\n\tb\r\n"}`, "-", `"note":"a\n\tb\r\n"`},
		{"NUL in text", `{"note":"a\u0000"}`, "note", ""},
		{"lone surrogate", `{"name":"\ud800"}`, "name", ""},
		{"decomposed is composed", `{"name":"Ma\u0308ri"}`, "-", `"name":"Märi"`},
		{"cap in runes", `{"short":"äöü"}`, "-", `"short":"äöü"`},
		{"cap after NFC", `{"short":"a\u0308o\u0308u\u0308"}`, "-", `"short":"äöü"`},
		{"over the cap", `{"short":"abcd"}`, "short", ""},
		{"default cap", `{"name":"` + strings.Repeat("x", DefaultMaxRunes+1) + `"}`, "name", ""},
		{"default cap met", `{"name":"` + strings.Repeat("x", DefaultMaxRunes) + `"}`, "-", `"name":"xx`},
		{"text default cap", `{"note":"` + strings.Repeat("x", DefaultMaxTextRunes+1) + `"}`, "note", ""},
		{"pointer", `{"opt":"a\u0000"}`, "opt", ""},
		{"slice of structs", `{"items":[{"label":"ok"},{"label":"\u0000"}]}`, "items.1.label", ""},
		{"inherited rule allows line feed", `{"body":{"label":"a\nb"}}`, "-", `"label":"a\nb"`},
		{"inherited cap", `{"body":{"label":"abcdef"}}`, "body.label", ""},
		{"map value", `{"tags":{"k":"\u0000"}}`, "tags.k", ""},
		{"map key", `{"tags":{"\u0000":"v"}}`, "tags", ""},
		{"map normalised", `{"tags":{"k":"o\u0308"}}`, "-", `"tags":{"k":"ö"}`},
		{"interface", `{"any":{"x":["\u0000"]}}`, "any.x.0", ""},
		{"interface normalised", `{"any":["o\u0308"]}`, "-", `"any":["ö"]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := echo.Call(context.Background(), json.RawMessage(tc.raw))
			if tc.field == "-" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				b, _ := json.Marshal(out)
				if !strings.Contains(string(b), tc.want) {
					t.Fatalf("got %s, want %s in it", b, tc.want)
				}
				return
			}
			ae, ok := apperr.As(err)
			if !ok || ae.Code != apperr.BadInput || ae.Field != tc.field {
				t.Fatalf("got %v (%#v), want BAD_INPUT on %q", err, ae, tc.field)
			}
		})
	}
}

type gateIDs struct {
	Order   string  `json:"orderUuid" input:"uuid=ORDER_NOT_FOUND"`
	Code    string  `json:"codeUuid" input:"uuid"`
	Station *string `json:"stationUuid" input:"uuid"`
}

func TestIDsAreCheckedAtTheGate(t *testing.T) {
	echo := Mutation("g", Public, func(_ context.Context, in gateIDs) (gateIDs, error) { return in, nil })
	const id = "0193a5f0-0000-7000-8000-00000000abcd"
	for _, tc := range []struct {
		name, raw string
		code      apperr.Code // "" when accepted
		field     string
		want      string // a fragment of the accepted output
	}{
		{"canonical", `{"codeUuid":"` + id + `"}`, "", "", id},
		{"empty is none", `{"codeUuid":"","orderUuid":""}`, "", "", `"codeUuid":""`},
		{"capitals are lower-cased", `{"codeUuid":"` + strings.ToUpper(id) + `"}`, "", "", id},
		{"pointer", `{"stationUuid":"` + id + `"}`, "", "", id},
		{"x", `{"codeUuid":"x"}`, apperr.BadInput, "codeUuid", ""},
		{"the field's not-found code", `{"orderUuid":"x"}`, apperr.OrderNotFound, "orderUuid", ""},
		{"trailing space", `{"codeUuid":"` + id + ` "}`, apperr.BadInput, "codeUuid", ""},
		{"no hyphens", `{"codeUuid":"0193a5f0000070008000000000000001"}`, apperr.BadInput, "codeUuid", ""},
		{"braces", `{"codeUuid":"{` + id + `}"}`, apperr.BadInput, "codeUuid", ""},
		{"urn", `{"codeUuid":"urn:uuid:` + id + `"}`, apperr.BadInput, "codeUuid", ""},
		{"not hex", `{"codeUuid":"0193a5f0-0000-7000-8000-00000000abcg"}`, apperr.BadInput, "codeUuid", ""},
		{"hyphen misplaced", `{"codeUuid":"0193a5f00-000-7000-8000-00000000abcd"}`, apperr.BadInput, "codeUuid", ""},
		{"NUL is a control character first", `{"orderUuid":"\u0000"}`, apperr.BadInput, "orderUuid", ""},
		{"too long is over the cap first", `{"orderUuid":"` + strings.Repeat("a", 5000) + `"}`, apperr.BadInput, "orderUuid", ""},
		{"pointer malformed", `{"stationUuid":"x"}`, apperr.BadInput, "stationUuid", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := echo.Call(context.Background(), json.RawMessage(tc.raw))
			if tc.code == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				b, _ := json.Marshal(out)
				if !strings.Contains(string(b), tc.want) {
					t.Fatalf("got %s, want %s in it", b, tc.want)
				}
				return
			}
			if ae, ok := apperr.As(err); !ok || ae.Code != tc.code || ae.Field != tc.field {
				t.Fatalf("got %v, want %s on %q", err, tc.code, tc.field)
			}
		})
	}
}

func TestInvalidUTF8IsRefusedBeforeDecoding(t *testing.T) {
	echo := Mutation("g", Public, func(_ context.Context, in gateInput) (gateInput, error) { return in, nil })
	for _, raw := range []string{"{\"name\":\"a\xffb\"}", "{\"name\":\"\xc0\xaf\"}", "{\"na\xffme\":\"a\"}"} {
		if _, err := echo.Call(context.Background(), json.RawMessage(raw)); apperr.CodeOf(err) != apperr.BadInput {
			t.Errorf("%q: %v, want BAD_INPUT", raw, err)
		}
	}
}

func TestInputTagsAreChecked(t *testing.T) {
	for _, tag := range []string{"max=0", "max=x", "multiline", "uuid=NO_SUCH_CODE", "uuid="} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("tag %q accepted", tag)
				}
			}()
			ruleOf(tag)
		}()
	}
	if r := ruleOf("max=9,text"); r.max != 9 || !r.text {
		t.Errorf("max before text: %+v", r)
	}
}

type benchCreate struct {
	StationUUID    string `json:"stationUuid"`
	Height         string `json:"height"`
	Type           string `json:"type"`
	Temperature    string `json:"temperature"`
	Start          string `json:"start"`
	End            string `json:"end"`
	IdempotencyKey string `json:"idempotencyKey"`
	Note           string `json:"note" input:"text"`
}

// BenchmarkInputGate is the gate's cost per call on an order.create-sized
// input: all ASCII (the usual case) and with Estonian letters, composed and not.
func BenchmarkInputGate(b *testing.B) {
	gate := compileGate(reflect.TypeFor[benchCreate]())
	for _, c := range []struct{ name, note string }{
		{"ascii", "leave it by the door"},
		{"nfc", "jäta see ukse juurde, öösel"},
		{"decomposed", "ja\u0308ta see ukse juurde, o\u0308o\u0308sel"},
	} {
		b.Run(c.name, func(b *testing.B) {
			in := benchCreate{StationUUID: "0195f6a2-7c1e-7b3a-9d2f-1a2b3c4d5e6f", Height: "small", Type: "standard",
				Temperature: "cool", Start: "2026-06-06T10:00", End: "2026-06-06T18:00",
				IdempotencyKey: "4f7c2a9e-1b3d-4c5e-8f6a-7b8c9d0e1f2a"}
			b.ReportAllocs()
			for b.Loop() {
				in.Note = c.note
				if err := gate(reflect.ValueOf(&in).Elem(), ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestCleanGatesAnyStruct(t *testing.T) {
	type card struct{ Brand string }
	type notice struct {
		ID      string
		Payment string `input:"uuid"`
		Card    card
		N       int
	}
	ok := notice{ID: "evt_Ma\u0308ri", Payment: "0193A5F0-0000-7000-8000-000000000001", Card: card{"visa"}}
	if err := Clean(&ok); err != nil || ok.ID != "evt_Märi" || ok.Payment != "0193a5f0-0000-7000-8000-000000000001" {
		t.Fatalf("clean notice: %+v, %v", ok, err)
	}
	for name, n := range map[string]notice{
		"NUL":           {ID: "evt_\x00"},
		"invalid UTF-8": {ID: "evt_\xff"},
		"nested":        {Card: card{"vi\x1bsa"}},
		"malformed id":  {Payment: "p1"},
		"overlong":      {ID: strings.Repeat("e", DefaultMaxRunes+1)},
	} {
		if err := Clean(&n); apperr.CodeOf(err) != apperr.BadInput {
			t.Errorf("%s: %v, want BAD_INPUT", name, err)
		}
	}
}
