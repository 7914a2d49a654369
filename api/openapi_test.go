package api

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// TestOpenAPIFileCurrent: the committed api/openapi.json is what the code
// generates, so the web app's types (generated from the file) match the
// server.
func TestOpenAPIFileCurrent(t *testing.T) {
	want, err := OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(OpenAPIFile)
	if err != nil {
		t.Fatalf("%v: run `go generate ./api`", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("api/openapi.json is stale: run `go generate ./api`, then `npm run gen:api` in ui/")
	}
}

// TestOpenAPIAnswersTyped: every success answer has a schema with fields,
// a list of them, or a named media type; no route answers a bare object.
func TestOpenAPIAnswersTyped(t *testing.T) {
	doc, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for code, r := range op.Responses.Map() {
				if code == "default" || r.Value.Content == nil {
					continue
				}
				for media, mt := range r.Value.Content {
					s := mt.Schema.Value
					if s.Items != nil {
						s = s.Items.Value
					}
					typed := len(s.Properties) > 0 || len(s.AllOf) > 0 || len(s.AnyOf) > 0 ||
						(media != "application/json" && s.Type.Is(openapi3.TypeString)) || path == OpenAPIPath
					if !typed {
						t.Errorf("%s %s %s answers %s without a schema: give the handler a view struct", method, path, code, media)
					}
				}
			}
		}
	}
}

// TestOpenAPISchemas checks the generated schemas where encoding/json
// and the generator could disagree.
func TestOpenAPISchemas(t *testing.T) {
	doc, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	schemas := doc.Components.Schemas
	prop := func(schema, name string) *openapi3.Schema {
		t.Helper()
		s := schemas[schema]
		if s == nil || s.Value.Properties[name] == nil {
			t.Fatalf("%s.%s missing", schema, name)
		}
		return s.Value.Properties[name].Value
	}
	required := func(schema, name string) bool {
		for _, r := range schemas[schema].Value.Required {
			if r == name {
				return true
			}
		}
		return false
	}
	tests := []struct {
		name                       string
		schema, field              string
		wantRequired, wantNullable bool
		wantEnum                   string
	}{
		{"written always", "Analysis", "status", true, false, "queued,running,completed,failed"},
		{"omitempty is optional", "Analysis", "detail", false, false, ""},
		{"omitempty pointer is never null", "Analysis", "completed_at", false, false, ""},
		{"pointer without omitempty may be null", "AccessToken", "last_used_at", true, true, ""},
		{"pointer to a struct may be null", "FailedView", "task", true, true, ""},
		{"raw JSON names its component", "VersionDetail", "model", true, true, ""},
		{"request: only what the server insists on", "SaveVersionRequest", "base_version", true, false, ""},
		{"request: optional field", "TokenRequest", "name", false, false, ""},
		{"embedded struct flattened", "VersionDetail", "source", true, false, "analysis,edit,refine,restore"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := prop(tt.schema, tt.field)
			if got := required(tt.schema, tt.field); got != tt.wantRequired {
				t.Errorf("required = %v, want %v", got, tt.wantRequired)
			}
			if p.Nullable != tt.wantNullable {
				t.Errorf("nullable = %v, want %v", p.Nullable, tt.wantNullable)
			}
			var enum []string
			for _, e := range p.Enum {
				enum = append(enum, e.(string))
			}
			if got := strings.Join(enum, ","); got != tt.wantEnum {
				t.Errorf("enum = %q, want %q", got, tt.wantEnum)
			}
		})
	}
}

// TestOpenAPIDocumentedErrors: an error status a handler answers on
// purpose, with its own detail, is listed on the operation with the
// detail schema, not only under "default".
func TestOpenAPIDocumentedErrors(t *testing.T) {
	doc, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path string
		status       int
	}{
		{"POST", "/api/ops/analyses/{id}/retry", 409},
	}
	for _, tt := range tests {
		item := doc.Paths.Value(tt.path)
		if item == nil || item.GetOperation(tt.method) == nil {
			t.Fatalf("%s %s not documented", tt.method, tt.path)
		}
		r := item.GetOperation(tt.method).Responses.Status(tt.status)
		if r == nil || r.Value.Content.Get("application/json") == nil {
			t.Fatalf("%s %s does not document %d", tt.method, tt.path, tt.status)
		}
		if s := r.Value.Content.Get("application/json").Schema.Value; s.Properties["detail"] == nil {
			t.Errorf("%s %s %d answers no detail: %v", tt.method, tt.path, tt.status, s.Properties)
		}
	}
}
