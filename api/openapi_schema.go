package api

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3gen"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/export"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/reprocess"
	"github.com/spade-bpmn/spade/pkg/versions"
)

// componentNames are the names the contract (and so the web app's types)
// gives Go types whose own name would be unclear or unexported. Every
// other struct is named after its Go type; two types with one name are an
// error, to be settled here.
func componentNames() map[reflect.Type]string {
	return map[reflect.Type]string{
		reflect.TypeFor[analysis.View]():      "Analysis",
		reflect.TypeFor[analysis.ListItem]():  "RecentItem",
		reflect.TypeFor[analysis.GraphView](): "GraphState",
		reflect.TypeFor[analysis.Metadata]():  "AnalysisMetadata",
		reflect.TypeFor[analysis.Usage]():     "TokenUsage",
		reflect.TypeFor[process.Model]():      "ProcessModel",
		reflect.TypeFor[process.Sentence]():   "SourceSentence",
		reflect.TypeFor[process.Data]():       "DataObject",
		reflect.TypeFor[process.Event]():      "ModelEvent",
		reflect.TypeFor[process.Activity]():   "ModelActivity",
		reflect.TypeFor[process.Gateway]():    "ModelGateway",
		reflect.TypeFor[process.Flow]():       "ModelFlow",
		reflect.TypeFor[versions.Info]():      "VersionInfo",
		reflect.TypeFor[versions.Change]():    "VersionChange",
		reflect.TypeFor[versions.Saved]():     "SavedVersion",
		reflect.TypeFor[versions.AppliedOp](): "AppliedOperation",
		reflect.TypeFor[versions.Check]():     "RefineCheck",
		reflect.TypeFor[VersionView]():        "VersionDetail",
		reflect.TypeFor[ModelView]():          "ProcessModelView",
		reflect.TypeFor[SourceView]():         "SourceTrace",
		reflect.TypeFor[reprocess.Run]():      "ReprocessRun",
		reflect.TypeFor[reprocess.Params]():   "ReprocessParams",
		reflect.TypeFor[reprocess.Request]():  "ReprocessRequest",
		reflect.TypeFor[export.Request]():     "ExportRequest",
		reflect.TypeFor[userView]():           "UserInfo",
		reflect.TypeFor[accountView]():        "Account",
		reflect.TypeFor[tokenView]():          "AccessToken",
		reflect.TypeFor[usageView]():          "MembershipUsage",
		reflect.TypeFor[keyView]():            "APIKeyInfo",
		reflect.TypeFor[demoView]():           "DemoAnalysis",
	}
}

// schemaGen turns Go types into component schemas with openapi3gen and
// adds what it leaves out: required fields (those encoding/json always
// writes), nullability as encoding/json produces it, and the enum, doc and
// ref tags.
type schemaGen struct {
	gen     *openapi3gen.Generator
	schemas openapi3.Schemas
	names   map[reflect.Type]string
	// types is the Go type of each component, to find its fields again.
	types map[string]reflect.Type
	// requests are components read from clients: their required fields
	// are those tagged required:"true", not those the server writes.
	requests map[string]bool
	err      error
}

func newSchemaGen() *schemaGen {
	g := &schemaGen{schemas: openapi3.Schemas{}, names: componentNames(), types: map[string]reflect.Type{}, requests: map[string]bool{}}
	g.gen = openapi3gen.NewGenerator(
		openapi3gen.CreateComponentSchemas(openapi3gen.ExportComponentSchemasOptions{ExportComponentSchemas: true, ExportTopLevelSchema: true}),
		openapi3gen.CreateTypeNameGenerator(g.typeName),
		// A customizer also turns off openapi3gen's per-type cache, which
		// would share one *Schema between every string field.
		openapi3gen.SchemaCustomizer(g.customize),
	)
	return g
}

func (g *schemaGen) typeName(t reflect.Type) string {
	name := g.names[t]
	if name == "" {
		r := []rune(t.Name())
		if len(r) == 0 {
			return ""
		}
		r[0] = unicode.ToUpper(r[0])
		name = string(r)
	}
	if prev, ok := g.types[name]; ok && prev != t && g.err == nil {
		g.err = fmt.Errorf("openapi: %s and %s would both be the schema %q; name one in componentNames", prev, t, name)
	}
	g.types[name] = t
	return name
}

// ref returns the schema of v's type (a $ref for structs).
func (g *schemaGen) ref(v any) (*openapi3.SchemaRef, error) {
	s, err := g.gen.NewSchemaRefForValue(v, g.schemas)
	if err != nil {
		return nil, fmt.Errorf("openapi schema of %T: %w", v, err)
	}
	if g.err != nil {
		return nil, g.err
	}
	return s, nil
}

// request is ref for a request body: its required fields are those the
// server insists on (required:"true"), not those encoding/json writes.
func (g *schemaGen) request(v any) (*openapi3.SchemaRef, error) {
	if t := reflect.TypeOf(v); t.Kind() == reflect.Struct {
		g.requests[g.typeName(t)] = true
	}
	return g.ref(v)
}

// customize applies the field tags. openapi3gen calls it for every field
// schema (tag is the field's), for a struct's own schema, and for the
// items of a slice field with the slice field's tag: so enum goes on the
// values, nullable on the slice.
func (g *schemaGen) customize(_ string, t reflect.Type, tag reflect.StructTag, s *openapi3.Schema) error {
	collection := t.Kind() == reflect.Slice && t != reflect.TypeFor[json.RawMessage]() || t.Kind() == reflect.Map
	if enum := tag.Get("enum"); enum != "" && !collection {
		for _, v := range strings.Split(enum, ",") {
			s.Enum = append(s.Enum, v)
		}
	}
	if t.Kind() != reflect.Struct || t == reflect.TypeFor[time.Time]() {
		// A struct's schema is the shared component; a field's doc goes on
		// the property in finish.
		if doc := tag.Get("doc"); doc != "" {
			s.Description = doc
		}
	}
	_, omitEmpty := jsonName(tag)
	if omitEmpty {
		// encoding/json leaves a nil pointer out; it never writes null.
		s.Nullable = false
	}
	if tag.Get("nullable") == "true" && (collection || t == reflect.TypeFor[json.RawMessage]()) {
		s.Nullable = true
	}
	if ref := tag.Get("ref"); ref != "" {
		// A raw JSON field holding a known component (json.RawMessage).
		s.AllOf = openapi3.SchemaRefs{openapi3.NewSchemaRef("#/components/schemas/"+ref, nil)}
	}
	return nil
}

// jsonName returns the field's JSON name ("" when it has no json tag) and
// whether it is omitempty.
func jsonName(tag reflect.StructTag) (string, bool) {
	v, ok := tag.Lookup("json")
	if !ok {
		return "", false
	}
	name, opts, _ := strings.Cut(v, ",")
	return name, slices.Contains(strings.Split(opts, ","), "omitempty")
}

// field is one JSON property of a struct, embedded structs flattened as
// encoding/json does.
type field struct {
	name string
	f    reflect.StructField
}

func jsonFields(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		name, _ := jsonName(f.Tag)
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				out = append(out, jsonFields(et)...)
				continue
			}
		}
		if !f.IsExported() || name == "" {
			continue
		}
		out = append(out, field{name: name, f: f})
	}
	return out
}

// finish completes the components: required fields, nullable and
// documented references to other components.
func (g *schemaGen) finish() (openapi3.Schemas, error) {
	if g.err != nil {
		return nil, g.err
	}
	for name, sr := range g.schemas {
		t, ok := g.types[name]
		if !ok || sr.Value == nil {
			return nil, fmt.Errorf("openapi: schema %q has no Go type", name)
		}
		s := sr.Value
		s.Required = nil
		for _, f := range jsonFields(t) {
			_, omitEmpty := jsonName(f.f.Tag)
			if g.requests[name] && f.f.Tag.Get("required") == "true" || !g.requests[name] && !omitEmpty {
				s.Required = append(s.Required, f.name)
			}
			p := s.Properties[f.name]
			if p == nil || p.Ref == "" {
				continue
			}
			// A $ref takes no siblings in OpenAPI 3.0: a nullable or
			// documented reference is an allOf of one.
			nullable := f.f.Type.Kind() == reflect.Pointer && !omitEmpty
			doc := f.f.Tag.Get("doc")
			if nullable || doc != "" {
				w := &openapi3.Schema{AllOf: openapi3.SchemaRefs{openapi3.NewSchemaRef(p.Ref, nil)}, Nullable: nullable, Description: doc}
				s.Properties[f.name] = openapi3.NewSchemaRef("", w)
			}
		}
	}
	if _, ok := g.schemas["ProcessModel"]; !ok {
		return nil, fmt.Errorf("openapi: no route answers the process model, which ref tags name")
	}
	return g.schemas, nil
}
