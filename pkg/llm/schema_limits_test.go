package llm

import (
	"slices"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// Vendor limits on strict structured-output schemas, checked against the
// process model's schema so that a new field cannot make a vendor refuse
// every analysis (an HTTP 400 on the first real call, never seen in tests
// that do not check).
//
// OpenAI, "Structured Outputs – Supported schemas" (platform.openai.com,
// as summarised in Feb 2026): up to 5,000 object properties in total, up to
// 10 levels of object nesting, at most 120,000 characters across property
// names, definition names, enum and const values, at most 1,000 enum values
// in the schema, the root an object (not anyOf), every property required,
// additionalProperties false on every object. The first published version
// (Aug 2024, still what older Azure OpenAI deployments and several
// OpenAI-compatible servers enforce) allowed 100 properties, 5 levels,
// 15,000 characters and 500 enum values; we keep to those stricter numbers.
//
// Gemini, "Structured output – Limitations" (ai.google.dev): responseSchema
// is a subset of the OpenAPI 3.0 schema object (type, format, description,
// nullable, enum, properties, required, propertyOrdering, items, min/max
// items); the API "may reject very large or deeply nested schemas" without
// a published number, and users report rejections ("too many states for
// serving") from objects nested 3+ levels inside arrays and from large
// enum budgets. The schema is flat by design (sub-processes by a parent id,
// no recursion, no $ref), so the same stricter numbers serve both.
const (
	maxObjectProperties = 100    // OpenAI, first published limit (5,000 today)
	maxObjectDepth      = 5      // OpenAI, first published limit (10 today)
	maxSchemaChars      = 15_000 // OpenAI, first published limit (120,000 today)
	maxEnumValues       = 500    // OpenAI, first published limit (1,000 today)
	maxEnumValueChars   = 64     // our own bound: short values keep Gemini's enum budget small
)

// keywords both vendors accept in a strict schema.
var allowedKeywords = []string{"type", "description", "title", "enum", "properties", "required", "items", "additionalProperties"}

func TestSchemaWithinVendorLimits(t *testing.T) {
	root := process.JSONSchema()
	if root["type"] != "object" {
		t.Fatalf("root type %v: both vendors need an object at the root", root["type"])
	}
	var (
		props, enums, chars, depth int
		walk                       func(s map[string]any, path string, objects int)
	)
	walk = func(s map[string]any, path string, objects int) {
		for k := range s {
			if !slices.Contains(allowedKeywords, k) {
				t.Errorf("%s: keyword %q is outside the strict subset both vendors accept", path, k)
			}
		}
		switch s["type"] {
		case "object":
			objects++
			depth = max(depth, objects)
			p, _ := s["properties"].(map[string]any)
			req, _ := s["required"].([]string)
			if s["additionalProperties"] != false {
				t.Errorf("%s: additionalProperties must be false (OpenAI strict)", path)
			}
			if len(req) != len(p) {
				t.Errorf("%s: %d of %d properties required; OpenAI strict needs all", path, len(req), len(p))
			}
			for name, sub := range p {
				props++
				chars += len(name)
				walk(sub.(map[string]any), path+"."+name, objects)
			}
		case "array":
			items, ok := s["items"].(map[string]any)
			if !ok {
				t.Fatalf("%s: array without items", path)
			}
			walk(items, path+"[]", objects)
		case "string", "number", "integer", "boolean":
		default:
			t.Errorf("%s: type %v is not a single plain type", path, s["type"])
		}
		if e, ok := s["enum"].([]string); ok {
			if len(e) == 0 {
				t.Errorf("%s: empty enum", path)
			}
			enums += len(e)
			for _, v := range e {
				chars += len(v)
				if len(v) > maxEnumValueChars || strings.TrimSpace(v) != v || v == "" {
					t.Errorf("%s: enum value %q", path, v)
				}
			}
		}
	}
	walk(root, "$", 0)
	t.Logf("schema: %d object properties, %d object levels, %d enum values, %d characters in names and enums", props, depth, enums, chars)
	if props > maxObjectProperties {
		t.Errorf("%d object properties, limit %d", props, maxObjectProperties)
	}
	if depth > maxObjectDepth {
		t.Errorf("%d levels of object nesting, limit %d", depth, maxObjectDepth)
	}
	if enums > maxEnumValues {
		t.Errorf("%d enum values, limit %d", enums, maxEnumValues)
	}
	if chars > maxSchemaChars {
		t.Errorf("%d characters in property names and enum values, limit %d", chars, maxSchemaChars)
	}
}
