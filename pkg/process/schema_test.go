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
	t.Parallel()
	if errs := compareType(reflect.TypeOf(Model{}), JSONSchema(), "$"); len(errs) > 0 {
		t.Fatalf("schema and Go types disagree:\n%s", strings.Join(errs, "\n"))
	}
}

func TestSchemaValidatesSamples(t *testing.T) {
	t.Parallel()
	// sparse drops keys a language model must still write.
	sparse := func(v map[string]any) {
		act := v["activities"].([]any)[0].(map[string]any)
		delete(act, "work_time_minutes")
		delete(act, "source")
		delete(v["events"].([]any)[0].(map[string]any), "trigger")
		delete(v["flows"].([]any)[0].(map[string]any), "condition")
		delete(v["participants"].([]any)[0].(map[string]any), "description")
	}
	badEnum := fullSample()
	badEnum.Gateways[0].Type = "xor"

	tests := []struct {
		name string
		doc  any
		edit func(map[string]any)
		// want lists the problems expected, compared as a sorted set.
		want []string
	}{
		{name: "full", doc: fullSample()},
		{name: "empty lists", doc: Model{ProcessName: "x"}},
		{name: "required fields missing", doc: fullSample(), edit: sparse, want: []string{
			"$.activities[0]: missing work_time_minutes",
			"$.activities[0]: missing source",
			"$.events[0]: missing trigger",
			"$.flows[0]: missing condition",
			"$.participants[0]: missing description",
		}},
		{name: "bad enum", doc: badEnum, want: []string{`$.gateways[0].type: "xor" not in enum`}},
		{name: "extra property", doc: Model{}, edit: func(v map[string]any) { v["lanes"] = []any{} },
			want: []string{"$: unexpected property lanes"}},
		{name: "wrong type", doc: Model{}, edit: func(v map[string]any) { v["process_name"] = 3.0 },
			want: []string{"$.process_name: want string, got float64"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v := llmForm(t, tc.doc)
			if tc.edit != nil {
				tc.edit(v)
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

// llmForm marshals doc the way a language model following the schema
// writes it: every property the schema lists, zero values included, and
// none it does not (version, spans).
func llmForm(t *testing.T, doc any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var fill func(v any, s map[string]any) any
	fill = func(v any, s map[string]any) any {
		switch s["type"] {
		case "object":
			obj, _ := v.(map[string]any)
			if obj == nil {
				obj = map[string]any{}
			}
			props := s["properties"].(map[string]any)
			for k := range obj {
				if _, ok := props[k]; !ok {
					delete(obj, k)
				}
			}
			for k, ps := range props {
				obj[k] = fill(obj[k], ps.(map[string]any))
			}
			return obj
		case "array":
			arr, _ := v.([]any)
			if arr == nil {
				arr = []any{}
			}
			for i := range arr {
				arr[i] = fill(arr[i], s["items"].(map[string]any))
			}
			return arr
		case "string":
			if v == nil {
				if e, ok := s["enum"].([]string); ok {
					return e[0]
				}
				return ""
			}
		case "number":
			if v == nil {
				return 0.0
			}
		case "boolean":
			if v == nil {
				return false
			}
		}
		return v
	}
	return fill(v, JSONSchema()).(map[string]any)
}

// TestSchemaRoundTripsModelOutput guards the promise in JSONSchema's
// doc: a field may be absent from marshalled Go JSON only if it is omitempty,
// and the model always writing it decodes to the same value.
func TestSchemaRoundTripsModelOutput(t *testing.T) {
	t.Parallel()
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
	case "boolean":
		if _, ok := v.(bool); !ok {
			return []string{fmt.Sprintf("%s: want boolean, got %T", path, v)}
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
	want := map[reflect.Kind]string{reflect.String: "string", reflect.Float64: "number", reflect.Struct: "object", reflect.Slice: "array", reflect.Bool: "boolean"}[t.Kind()]
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
			if name == "-" || !f.IsExported() || f.Tag.Get("schema") == "-" {
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
	t.Parallel()
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
