package process

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

func fullSample() Model {
	return Model{
		ProcessName:    "Invoice approval",
		ProcessPurpose: "Pay correct supplier invoices on time.",
		Participants: []Participant{
			{Name: "Clerk", Description: "Books invoices."},
			{Name: "Manager", Description: "Approves spending."},
		},
		Activities: []Activity{{
			ID: "a1", Name: "Check invoice", Performer: "Clerk",
			SIPOC: SIPOC{
				Suppliers: []string{"Supplier"}, Inputs: []string{"Invoice"},
				Outputs: []string{"Checked invoice"}, Customers: []string{"Manager"},
				Systems: []string{"ERP"},
			},
			WorkMinutes: 15, WaitMinutes: 120, Source: "The clerk checks the invoice in the ERP.",
		}},
		Gateways: []Gateway{{ID: "g1", Type: GatewayExclusive, Name: "Approved?", Performer: "Manager", Specification: "Amounts over 1000 need approval."}},
		Events: []Event{
			{ID: "e1", Type: EventStart, Trigger: TriggerMessage, Name: "Invoice received", Performer: "Clerk"},
			{ID: "e2", Type: EventEnd, Trigger: TriggerNone, Name: "Invoice paid", Performer: "Clerk"},
		},
		Flows: []Flow{{ID: "f1", Source: "e1", Target: "a1", Condition: "Yes"}},
	}
}

func TestSchemaMatchesGoTypes(t *testing.T) {
	if errs := compareType(reflect.TypeOf(Model{}), JSONSchema(), "$"); len(errs) > 0 {
		t.Fatalf("schema and Go types disagree:\n%s", strings.Join(errs, "\n"))
	}
}

func TestSchemaValidatesSamples(t *testing.T) {
	sparse := fullSample()
	sparse.Participants[0].Description = ""
	sparse.Activities[0].WorkMinutes = 0
	sparse.Activities[0].Source = ""
	sparse.Events[0].Trigger = ""
	sparse.Flows[0].Condition = ""

	badEnum := fullSample()
	badEnum.Gateways[0].Type = "xor"

	tests := []struct {
		name string
		doc  any
		// want lists the problems expected, compared as a sorted set.
		want []string
	}{
		{name: "full", doc: fullSample()},
		{name: "empty lists", doc: Model{ProcessName: "x", Participants: []Participant{}, Activities: []Activity{}, Gateways: []Gateway{}, Events: []Event{}, Flows: []Flow{}}},
		{name: "omitempty fields missing", doc: sparse, want: []string{
			"$.activities[0]: missing work_time_minutes",
			"$.activities[0]: missing source",
			"$.events[0]: missing trigger",
			"$.flows[0]: missing condition",
			"$.participants[0]: missing description",
		}},
		{name: "bad enum", doc: badEnum, want: []string{`$.gateways[0].type: "xor" not in enum`}},
		{name: "extra property", doc: map[string]any{
			"process_name": "x", "process_purpose": "", "participants": []any{}, "activities": []any{},
			"gateways": []any{}, "events": []any{}, "flows": []any{}, "lanes": []any{},
		}, want: []string{"$: unexpected property lanes"}},
		{name: "wrong type", doc: map[string]any{
			"process_name": 3, "process_purpose": "", "participants": []any{}, "activities": []any{},
			"gateways": []any{}, "events": []any{}, "flows": []any{},
		}, want: []string{"$.process_name: want string, got float64"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				t.Fatal(err)
			}
			got := validate(v, JSONSchema(), "$")
			sort.Strings(got)
			want := slices.Clone(tc.want)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Fatalf("problems:\n got %q\nwant %q", got, want)
			}
		})
	}
}

// TestSchemaRoundTripsModelOutput guards the promise in JSONSchema's
// doc: a field may be absent from marshalled Go JSON only if it is omitempty,
// and the model always writing it decodes to the same value.
func TestSchemaRoundTripsModelOutput(t *testing.T) {
	in := fullSample()
	in.Activities[0].WorkMinutes = 0
	raw, _ := json.Marshal(in)
	var generic map[string]any
	_ = json.Unmarshal(raw, &generic)
	// What a language model writes: every key, zero values included.
	generic["activities"].([]any)[0].(map[string]any)["work_time_minutes"] = 0
	again, _ := json.Marshal(generic)
	var out Model
	if err := json.Unmarshal(again, &out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("round trip changed the model:\n in %+v\nout %+v", in, out)
	}
}

// validate is a small JSON-schema validator for the subset JSONSchema uses.
func validate(v any, s map[string]any, path string) []string {
	var errs []string
	switch s["type"] {
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want object, got %T", path, v)}
		}
		props := s["properties"].(map[string]any)
		for _, name := range s["required"].([]string) {
			if _, ok := obj[name]; !ok {
				errs = append(errs, fmt.Sprintf("%s: missing %s", path, name))
			}
		}
		for name, val := range obj {
			ps, ok := props[name]
			if !ok {
				if s["additionalProperties"] == false {
					errs = append(errs, fmt.Sprintf("%s: unexpected property %s", path, name))
				}
				continue
			}
			errs = append(errs, validate(val, ps.(map[string]any), path+"."+name)...)
		}
	case "array":
		arr, ok := v.([]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want array, got %T", path, v)}
		}
		for i, item := range arr {
			errs = append(errs, validate(item, s["items"].(map[string]any), fmt.Sprintf("%s[%d]", path, i))...)
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			return []string{fmt.Sprintf("%s: want string, got %T", path, v)}
		}
		if e, ok := s["enum"].([]string); ok && !slices.Contains(e, str) {
			errs = append(errs, fmt.Sprintf("%s: %q not in enum", path, str))
		}
	case "number":
		if _, ok := v.(float64); !ok {
			return []string{fmt.Sprintf("%s: want number, got %T", path, v)}
		}
	default:
		errs = append(errs, fmt.Sprintf("%s: unsupported schema type %v", path, s["type"]))
	}
	return errs
}

// compareType checks that schema s describes Go type t exactly as
// encoding/json would see it.
func compareType(t reflect.Type, s map[string]any, path string) []string {
	var errs []string
	want := map[reflect.Kind]string{reflect.String: "string", reflect.Float64: "number", reflect.Struct: "object", reflect.Slice: "array"}[t.Kind()]
	if want == "" || s["type"] != want {
		return []string{fmt.Sprintf("%s: Go %s vs schema type %v", path, t, s["type"])}
	}
	if s["description"] == "" && path != "$" {
		// Descriptions guide the model; an empty one is a slip.
		errs = append(errs, path+": empty description")
	}
	switch t.Kind() {
	case reflect.Slice:
		return append(errs, compareType(t.Elem(), s["items"].(map[string]any), path+"[]")...)
	case reflect.Struct:
		props := s["properties"].(map[string]any)
		var goNames []string
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			goNames = append(goNames, name)
			ps, ok := props[name]
			if !ok {
				errs = append(errs, fmt.Sprintf("%s: schema lacks %s", path, name))
				continue
			}
			errs = append(errs, compareType(f.Type, ps.(map[string]any), path+"."+name)...)
		}
		for name := range props {
			if !slices.Contains(goNames, name) {
				errs = append(errs, fmt.Sprintf("%s: schema has %s, Go does not", path, name))
			}
		}
		if req := s["required"].([]string); !slices.Equal(req, goNames) {
			errs = append(errs, fmt.Sprintf("%s: required %v, want all fields in Go order %v", path, req, goNames))
		}
		if s["additionalProperties"] != false {
			errs = append(errs, path+": additionalProperties must be false")
		}
	}
	return errs
}

// TestSchemaKeywordsBothVendorsAccept keeps the schema inside the keyword
// set that Gemini's responseSchema and OpenAI's strict json_schema both
// accept; a keyword outside it (format, minimum, oneOf, $ref, ...) makes one
// of them reject every request.
func TestSchemaKeywordsBothVendorsAccept(t *testing.T) {
	allowed := map[string]bool{"type": true, "description": true, "title": true, "properties": true,
		"required": true, "additionalProperties": true, "items": true, "enum": true}
	var walk func(s map[string]any, path string)
	walk = func(s map[string]any, path string) {
		for k := range s {
			if !allowed[k] {
				t.Errorf("%s: keyword %q is not in the shared subset", path, k)
			}
		}
		if props, ok := s["properties"].(map[string]any); ok {
			for name, sub := range props {
				walk(sub.(map[string]any), path+"."+name)
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			walk(items, path+"[]")
		}
	}
	walk(JSONSchema(), "$")
	// Independent copies: a caller editing one must not change the next.
	a := JSONSchema()
	a["title"] = "changed"
	a["properties"].(map[string]any)["process_name"].(map[string]any)["type"] = "number"
	if b := JSONSchema(); b["title"] != "ProcessModel" || b["properties"].(map[string]any)["process_name"].(map[string]any)["type"] != "string" {
		t.Error("JSONSchema returns shared state")
	}
}
