package app

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/jobs/jobstest"
	"lockers/internal/rpc"
)

// badIDs are values that are not a UUID, put in each id field in turn.
var badIDs = map[string]string{
	"x":              "x",
	"empty":          "",
	"NUL":            "\x00",
	"5000 chars":     strings.Repeat("a", 5000),
	"trailing space": "0193a5f0-0000-7000-8000-000000000001 ",
	"no hyphens":     "0193a5f0000070008000000000000001",
	"braces":         "{0193a5f0-0000-7000-8000-000000000001}",
}

// TestEveryIDIsCheckedAtTheGate walks every procedure of both endpoints
// (from the procedure tables, so a new one is walked without touching this
// test), puts each bad value into each of its id fields in turn while the
// other ids name real objects of the caller's, and calls it as a signed-in
// user and as an administrator, on both databases. Nothing may answer 5xx,
// and a value that is not a UUID must be refused at the gate: BAD_INPUT, or
// the *_NOT_FOUND an unknown id of the field gets, naming the field.
func TestEveryIDIsCheckedAtTheGate(t *testing.T) {
	t.Parallel() // a stack and databases of its own
	jobstest.EachMigratedURL(t, func(t *testing.T, url string) {
		s := newStack(t, url)
		user, admin := s.user(), s.user("ADMIN")
		fixture := bolaFixture(t, s, user)
		real := realIDs(fixture, user)
		keys := make([]string, 0, len(s.procs))
		for k := range s.procs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		walked := 0
		for _, key := range keys {
			p := s.procs[key]
			fields := idFields(p.Input)
			callers := []string{s.principal(p, user, admin)}
			if p.Access == rpc.User || p.Access == rpc.Public {
				callers = append(callers, admin)
			}
			for _, field := range fields {
				for name, bad := range badIDs {
					raw := idInput(t, key, p, field, fields, bad, real, fixture)
					for _, as := range callers {
						a := s.call(key, as, raw)
						switch {
						case a.status >= 500:
							t.Errorf("%s %s = %s as %q: %d %s", key, field, name, as, a.status, trim(a.body))
						case bad == "":
							// An empty id is "none" where the id is optional.
						case !(a.appCode == string(apperr.BadInput) || strings.HasSuffix(a.appCode, "_NOT_FOUND")) ||
							a.field != field.String():
							t.Errorf("%s %s = %s: %d %s, want BAD_INPUT or *_NOT_FOUND on %s", key, field, name, a.status,
								trim(a.body), field)
						}
					}
				}
				walked++
			}
		}
		if walked < 80 { // today about 90: a walk that finds nothing is broken
			t.Fatalf("walked only %d id fields", walked)
		}
	})
}

// isIDName reports whether a JSON field name names an object by id.
func isIDName(name string) bool {
	return name == "id" || name == "uuid" || strings.HasSuffix(name, "Uuid") || strings.HasSuffix(name, "Id")
}

// notIDs are id-like names that are not a UUID by design.
var notIDs = map[string]string{
	"targetId": "the audit log's target: a UUID, a coupon pack's code or a help path",
}

// idFields lists the string fields of an input type that hold an id.
func idFields(t reflect.Type) []inputField {
	var out []inputField
	for _, f := range stringFields(t) {
		name := f.path[len(f.path)-1]
		if _, no := notIDs[name]; isIDName(name) && !no {
			out = append(out, f)
		}
	}
	return out
}

// realIDs are ids of real objects by the field name that holds them: the
// user's order, locker, code, guest link, card, invoice and notification
// (bolaFixture), a demo station and its first compartment, the user.
func realIDs(fixture map[string]string, as string) map[string]string {
	userID, _, _ := strings.Cut(as, " ")
	return map[string]string{
		"orderUuid": fixture["order"], "orderLockerUuid": fixture["locker"], "codeUuid": fixture["code"],
		"guestUuid": fixture["guest"], "paymentMethodUuid": fixture["method"], "invoiceUuid": fixture["invoice"],
		"id": fixture["notification"], "stationUuid": demo.Stations[0].ID, "defaultStationId": demo.Stations[0].ID,
		"compartmentUuid": demo.LockerID(1, 1), "userUuid": userID, "actorUuid": userID,
	}
}

// idInput is p's input with bad in field and every other id naming a real
// object (a fresh UUID where none is known). A procedure of the BOLA matrix
// starts from its realistic input there, so the bad id is the one thing wrong.
func idInput(t *testing.T, key string, p rpc.Procedure, field inputField, fields []inputField, bad string,
	real, fixture map[string]string) []byte {
	t.Helper()
	var in any
	if err := json.Unmarshal(inputTemplate(p.Input, field), &in); err != nil {
		t.Fatal(err)
	}
	if c, ok := bolaMatrix[strings.TrimPrefix(key, "hybrid/")]; ok && c.input != "" && strings.HasPrefix(key, "hybrid/") {
		raw := c.input
		for k, v := range fixture {
			raw = strings.ReplaceAll(raw, "{"+k+"}", v)
		}
		var base map[string]any
		if err := json.Unmarshal([]byte(raw), &base); err != nil {
			t.Fatalf("%s: bolaMatrix input: %v", key, err)
		}
		if m, ok := in.(map[string]any); ok {
			for k, v := range base {
				m[k] = v
			}
		}
	}
	for _, g := range fields {
		name := g.path[len(g.path)-1]
		id, ok := real[name]
		if !ok {
			id = uuid.NewString()
		}
		setPath(in, g.path, id)
	}
	setPath(in, field.path, bad)
	out, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// setPath sets the string at path ("0" indexes a slice) in decoded JSON.
func setPath(v any, path []string, value string) {
	for i, step := range path {
		last := i == len(path)-1
		switch c := v.(type) {
		case map[string]any:
			if last {
				c[step] = value
				return
			}
			v = c[step]
		case []any:
			n, err := strconv.Atoi(step)
			if err != nil || n >= len(c) {
				return
			}
			if last {
				c[n] = value
				return
			}
			v = c[n]
		default:
			return
		}
	}
}
