package api

//go:generate go run ./openapigen

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/export"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/reprocess"
	"github.com/spade-bpmn/spade/pkg/versions"
)

// The OpenAPI 3 document of the /api surface. The route table below is
// written by hand (method, path, summary, request type, status → answer
// type); the schemas are generated from the Go types the handlers write
// (openapi_schema.go), so a field added to a view appears in the contract
// without anyone editing it. `go generate ./api` writes the document to
// api/openapi.json, from which the web app's types are generated
// (ui: npm run gen:api); tests fail when either file is stale, when a
// registered /api route is missing here, and when an integration test
// receives an answer that does not match.

// OpenAPIPath is where the document is served.
const OpenAPIPath = "/api/openapi.json"

// OpenAPIFile is the committed copy of the document, relative to this
// package's directory.
const OpenAPIFile = "openapi.json"

// route describes one operation of the contract.
type route struct {
	method, path, summary, tag string
	// public routes need no session or token.
	public bool
	// query are the parameters beyond the path and X-Account-ID (query
	// strings, the poll routes' If-None-Match).
	query []*openapi3.Parameter
	// body is the request: nil (none), a Go value (JSON of its type),
	// upload (multipart) or form (urlencoded).
	body any
	// answers are the documented statuses; any other status answers
	// {"detail": ...}.
	answers []answer
}

// answer is one documented status. body is nil (no body), file (not
// JSON), or a Go value whose type is the JSON answer.
type answer struct {
	status int
	body   any
	desc   string
	// headers are the answer's documented headers: name → description.
	headers map[string]string
}

// file is an answer that is a file or text, not JSON.
type file struct{ media []string }

// upload is a multipart/form-data request: the file and the small fields
// beside it.
type upload struct{ fields []string }

// either is an answer that is one of several JSON types.
type either []any

// form is an application/x-www-form-urlencoded request of v's fields.
type form struct{ v any }

func ok(status int, body any) answer { return answer{status: status, body: body} }

func also(status int, body any, desc string) answer {
	return answer{status: status, body: body, desc: desc}
}

// pollAnswers are the answers of the poll routes (poll.go): the analysis
// with its entity tag, or 304 without a body when If-None-Match names
// that tag.
func pollAnswers() []answer {
	return []answer{
		{status: 200, body: analysis.View{}, headers: map[string]string{"ETag": "the answer's entity tag, for If-None-Match"}},
		{status: 304, desc: "Not modified: If-None-Match names the current answer's tag", headers: map[string]string{"ETag": "the answer's entity tag"}},
	}
}

// ifNoneMatch is the poll routes' conditional request header.
func ifNoneMatch() *openapi3.Parameter {
	return openapi3.NewHeaderParameter("If-None-Match").
		WithDescription("an ETag of an earlier answer: 304 without a body while the answer is unchanged").
		WithSchema(openapi3.NewStringSchema())
}

func queryParam(name, desc string, s *openapi3.Schema) *openapi3.Parameter {
	return openapi3.NewQueryParameter(name).WithDescription(desc).WithSchema(s)
}

// routes is the whole /api contract; paths use OpenAPI {param} syntax.
func routes() []route {
	analysisFile := upload{}
	xml := file{media: []string{"application/xml"}}
	exports := file{media: []string{export.TypeTXT, export.TypeXLSX, export.TypeBPMN, export.TypeDOCX, export.TypePDF}}
	limit := queryParam("limit", "how many, newest first", openapi3.NewIntegerSchema().WithMin(1).WithMax(200))
	return []route{
		{method: "GET", path: "/api/health", summary: "Status of database, queue, upload store and provider", tag: "system", public: true,
			answers: []answer{ok(200, Health{}), also(503, Health{}, "A dependency is down")}},
		{method: "GET", path: OpenAPIPath, summary: "This document", tag: "system", public: true,
			answers: []answer{ok(200, file{media: []string{"application/json"}})}},
		{method: "GET", path: "/api/config", summary: "Public configuration of the web app", tag: "system", public: true,
			answers: []answer{ok(200, PublicConfig{})}},

		{method: "POST", path: "/api/analyze", summary: "Upload a document (PDF, DOC, DOCX, TXT) for analysis", tag: "analyses", body: analysisFile, answers: []answer{ok(202, analysis.View{})}},
		{method: "POST", path: "/api/image/analyze", summary: "Upload a process diagram image for analysis", tag: "analyses", body: analysisFile, answers: []answer{ok(202, analysis.View{})}},
		{method: "POST", path: "/api/bpmn/analyze", summary: "Upload a BPMN, XML or JSON file for analysis (VSDX is not supported yet)", tag: "analyses", body: analysisFile, answers: []answer{ok(202, analysis.View{})},
			query: []*openapi3.Parameter{queryParam("purpose", "analyze (default): counts one of the day's analyses; edit: a BPMN file or a blank diagram opened in the editor, which counts none (the trial still applies)", openapi3.NewStringSchema().WithEnum("analyze", "edit"))}},
		{method: "GET", path: "/api/document/{id}", summary: "A document analysis", tag: "analyses", query: []*openapi3.Parameter{ifNoneMatch()}, answers: pollAnswers()},
		{method: "GET", path: "/api/image/document/{id}", summary: "An image analysis", tag: "analyses", query: []*openapi3.Parameter{ifNoneMatch()}, answers: pollAnswers()},
		{method: "GET", path: "/api/bpmn/document/{id}", summary: "A BPMN analysis", tag: "analyses", query: []*openapi3.Parameter{ifNoneMatch()}, answers: pollAnswers()},
		{method: "GET", path: "/api/recent", summary: "Recent analyses of the account", tag: "analyses",
			query: []*openapi3.Parameter{
				queryParam("analyzer_type", "only this analyzer's (text is document)", openapi3.NewStringSchema().WithEnum("document", "image", "bpmn", "text")),
				queryParam("limit", "how many, newest first (default 50)", openapi3.NewIntegerSchema().WithMin(1).WithMax(200)),
			},
			answers: []answer{ok(200, []analysis.ListItem{})}},
		{method: "GET", path: "/api/check-graph/{id}", summary: "Whether the BPMN diagram exists yet", tag: "analyses", answers: []answer{ok(200, GraphCheck{})}},
		{method: "GET", path: "/api/graph/{id}", summary: "The process model", tag: "analyses", answers: []answer{ok(200, ModelView{})}},
		{method: "GET", path: "/api/bpmn/{id}", summary: "The BPMN 2.0 XML", tag: "analyses",
			query: []*openapi3.Parameter{queryParam("layout", "spade: the uploaded file converted to the process model and drawn with SPADE's layout (beyond 5,000 elements the file's own diagram, beyond the layout's work budget the simple layout, either with the header X-Spade-Layout-Note saying so; the header X-Spade-Conversion-Note lists what the conversion did not keep); omitted or file: the stored diagram (an uploaded file's own)",
				openapi3.NewStringSchema().WithEnum("file", "spade"))},
			answers: []answer{ok(200, xml)}},
		{method: "GET", path: "/api/bpmn/{id}/diagram.svg", summary: "The stored diagram drawn as SVG on the server (the PDF's drawing)", tag: "analyses",
			answers: []answer{ok(200, file{media: []string{export.TypeSVG}})}},
		{method: "GET", path: "/api/bpmn/{id}/diagram.png", summary: "The stored diagram drawn as PNG on the server; scale 0.25 to 4 (400 outside), lowered to fit 24 megapixels and 16,384 px a side (header X-Spade-Png-Scale: the scale drawn; X-Spade-Png-Note when it was lowered)", tag: "analyses",
			query:   []*openapi3.Parameter{queryParam("scale", "pixels per diagram unit (default 1)", openapi3.NewFloat64Schema().WithMin(export.MinPNGScale).WithMax(export.MaxPNGScale))},
			answers: []answer{ok(200, file{media: []string{export.TypePNG}})}},
		{method: "DELETE", path: "/api/cached-analysis/{id}", summary: "Delete an analysis", tag: "analyses", answers: []answer{ok(200, Deleted{})}},
		{method: "POST", path: "/api/export/{type}", summary: "Export an analysis (txt, xlsx, bpmn, docx, pdf)", tag: "analyses", body: export.Request{},
			answers: []answer{ok(200, exports)}},

		{method: "GET", path: "/api/analyses/{id}/versions", summary: "Versions of the analysis' process model (1 is the generated one)", tag: "versions", answers: []answer{ok(200, VersionList{})}},
		{method: "GET", path: "/api/analyses/{id}/versions/{n}", summary: "One version: BPMN XML, model, formatted text; ?compare=m lists the changes from version m", tag: "versions",
			query:   []*openapi3.Parameter{queryParam("compare", "list the changes from this version", openapi3.NewIntegerSchema().WithMin(1))},
			answers: []answer{ok(200, VersionView{})}},
		{method: "POST", path: "/api/analyses/{id}/versions", summary: "Save an edited diagram as a new version (409 when base_version is not the latest)", tag: "versions", body: SaveVersionRequest{}, answers: []answer{ok(201, versions.Saved{})}},
		{method: "POST", path: "/api/analyses/{id}/versions/{n}/restore", summary: "Restore version n as the version after base_version (409 when that is no longer the latest)", tag: "versions", body: RestoreRequest{}, answers: []answer{ok(201, versions.Saved{})}},
		{method: "GET", path: "/api/analyses/{id}/source", summary: "The extracted text, each sentence with the elements that came from it, and the coverage", tag: "versions", answers: []answer{ok(200, SourceView{})}},
		{method: "POST", path: "/api/analyses/{id}/layout", summary: "Redraw a diagram (the editor's unsaved contents) with SPADE's layout; nothing is stored and no daily analysis is used (400 over 12 MB; over the 5,000-element cap of saves the diagram comes back unchanged with a note; 422 when it is not BPMN SPADE can read)", tag: "versions", body: LayoutRequest{}, answers: []answer{ok(200, LayoutAnswer{})}},
		{method: "POST", path: "/api/analyses/{id}/refine", summary: "Change the model by an instruction in words (422 with what was not understood)", tag: "versions", body: RefineRequest{}, answers: []answer{ok(201, versions.Saved{})}},
		{method: "POST", path: "/api/analyses/{id}/refine/check", summary: "What SPADE makes of an instruction in words on the latest version, before refining: 200 with understood false, the reason and the closest commands when refining would be refused; nothing is stored, no language model is asked, no daily analysis is used", tag: "versions", body: RefineCheckRequest{}, answers: []answer{ok(200, versions.Check{})}},

		{method: "POST", path: "/api/demo/analyze", summary: "Anonymous demo analysis (one per device per day); waits for the diagram", tag: "demo", public: true,
			body:    upload{fields: []string{"analysis_type"}},
			answers: []answer{ok(200, demoView{}), also(422, demoView{}, "The analysis failed"), also(429, DemoLimit{}, "Today's demo is used")}},
		{method: "GET", path: "/api/demo/analyze/{id}", summary: "A demo analysis", tag: "demo", public: true,
			answers: []answer{ok(200, demoView{}), also(422, demoView{}, "The analysis failed")}},

		{method: "GET", path: "/api/auth/login", summary: "Start OIDC sign-in", tag: "auth", public: true,
			query: []*openapi3.Parameter{
				queryParam("redirect_uri", "this application's /callback address", openapi3.NewStringSchema()),
				queryParam("login_hint", "e-mail address to suggest to the provider", openapi3.NewStringSchema().WithMaxLength(320)),
			},
			answers: []answer{ok(302, nil), also(403, either{BrowserRefused{}, Detail{}}, "Sign-in does not support this browser, or the request was refused")}},
		{method: "POST", path: "/api/auth/token", summary: "Exchange the OIDC code for a session cookie", tag: "auth", public: true, body: form{SignInForm{}}, answers: []answer{ok(200, SignedIn{})}},
		{method: "GET", path: "/api/auth/auth-info", summary: "Whether the request is signed in, and as whom", tag: "auth", public: true, answers: []answer{ok(200, AuthInfo{})}},
		{method: "POST", path: "/api/auth/refresh", summary: "Extend the session", tag: "auth", public: true, answers: []answer{ok(200, Refreshed{})}},
		{method: "GET", path: "/api/auth/logout", summary: "Sign out", tag: "auth", public: true, answers: []answer{ok(200, LoggedOut{})}},
		{method: "POST", path: "/api/auth/logout", summary: "Sign out", tag: "auth", public: true, answers: []answer{ok(200, LoggedOut{})}},
		{method: "POST", path: "/api/auth/ensure-user", summary: "Start the trial on first sign-in and list the user's accounts", tag: "auth", answers: []answer{ok(200, EnsuredUser{})}},
		{method: "GET", path: "/api/auth/accounts", summary: "Accounts of the signed-in user", tag: "auth", answers: []answer{ok(200, AccountList{})}},
		{method: "POST", path: "/api/auth/account-access", summary: "Record access to an account", tag: "auth", body: AccountAccessRequest{}, answers: []answer{ok(200, AccountAccess{})}},

		{method: "GET", path: "/api/membership/usage", summary: "Today's analyze calls and the limit", tag: "membership", answers: []answer{ok(200, usageView{})}},
		{method: "GET", path: "/api/membership/type", summary: "Membership and trial", tag: "membership", answers: []answer{ok(200, MembershipType{})}},
		{method: "GET", path: "/api/user-settings/api-key", summary: "The user's own API key, masked (needs a session: an access token gets 403)", tag: "membership", answers: []answer{ok(200, keyView{})}},
		{method: "POST", path: "/api/user-settings/api-key", summary: "Store the user's own API key, checked with the provider first (needs a session)", tag: "membership", body: APIKeyRequest{}, answers: []answer{ok(200, keyView{})}},
		{method: "DELETE", path: "/api/user-settings/api-key", summary: "Remove the user's own API key (needs a session)", tag: "membership", answers: []answer{ok(200, KeyRemoved{})}},
		{method: "GET", path: "/api/user-settings/tokens", summary: "Personal access tokens (with an access token: those of its own account only)", tag: "membership", answers: []answer{ok(200, TokenList{})}},
		{method: "POST", path: "/api/user-settings/tokens", summary: "Create a personal access token (the answer carries the secret, once)", tag: "membership", body: TokenRequest{}, answers: []answer{ok(201, tokenView{})}},
		{method: "DELETE", path: "/api/user-settings/tokens/{id}", summary: "Revoke a personal access token (an access token can revoke only itself)", tag: "membership", answers: []answer{ok(200, Success{})}},

		{method: "GET", path: "/api/ops/queues", summary: "Queue depth, in-flight, retry, archived, processed and failed today (operators)", tag: "operations", answers: []answer{ok(200, QueueList{})}},
		{method: "POST", path: "/api/ops/queues/{name}/pause", summary: "Pause a queue (operators)", tag: "operations", answers: []answer{ok(200, QueueView{})}},
		{method: "POST", path: "/api/ops/queues/{name}/resume", summary: "Resume a queue (operators)", tag: "operations", answers: []answer{ok(200, QueueView{})}},
		{method: "GET", path: "/api/ops/failed", summary: "Latest failed analyses with details (operators)", tag: "operations", query: []*openapi3.Parameter{limit}, answers: []answer{ok(200, FailedList{})}},
		{method: "POST", path: "/api/ops/analyses/{id}/retry", summary: "Retry a failed analysis or diagram (operators)", tag: "operations",
			answers: []answer{ok(202, analysis.View{}), also(409, Detail{}, "Not retried: the analysis is not failed (or no longer), or its failed attempt's task has not left the queue yet (try again in a few seconds)")}},
		{method: "GET", path: "/api/ops/reprocess", summary: "Latest reprocess runs (operators)", tag: "operations", query: []*openapi3.Parameter{limit}, answers: []answer{ok(200, RunList{})}},
		{method: "POST", path: "/api/ops/reprocess", summary: "Start a reprocess run, or count it with dry_run (operators)", tag: "operations", body: ReprocessRequest{},
			answers: []answer{ok(202, reprocess.Run{}), also(200, DryRun{}, "Dry run: what a run would take")}},
		{method: "GET", path: "/api/ops/reprocess/{id}", summary: "A reprocess run's progress (operators)", tag: "operations", answers: []answer{ok(200, reprocess.Run{})}},
	}
}

// OpenAPI builds the document, with every $ref resolved so that
// validators can use it as built.
func OpenAPI() (*openapi3.T, error) {
	doc := &openapi3.T{
		OpenAPI: "3.0.3",
		Info: &openapi3.Info{Title: "SPADE API", Version: "1",
			Description: "Process documents, diagram images and BPMN files into BPMN 2.0, SIPOC and quality reports. " +
				"Errors are always {\"detail\": \"...\"} unless an operation documents another body. Authenticate with the session cookie (spade_session) or " +
				"`Authorization: Bearer <personal access token>`; select the account with X-Account-ID."},
		Servers: openapi3.Servers{{URL: "/"}},
		Paths:   openapi3.NewPaths(),
		Components: &openapi3.Components{
			SecuritySchemes: openapi3.SecuritySchemes{
				"session": &openapi3.SecuritySchemeRef{Value: openapi3.NewCSRFSecurityScheme().WithIn("cookie").WithName(SessionCookie).WithType("apiKey")},
				"token":   &openapi3.SecuritySchemeRef{Value: openapi3.NewJWTSecurityScheme().WithBearerFormat("opaque")},
			},
		},
	}
	g := newSchemaGen()
	detail, err := g.ref(Detail{})
	if err != nil {
		return nil, err
	}
	// The process model is a component of its own although no route
	// answers it bare: a version's raw model names it (ref tag), and the
	// graph answer (ModelView) is its fields and the display names.
	if _, err := g.ref(process.Model{}); err != nil {
		return nil, err
	}
	for _, r := range routes() {
		op, err := r.operation(g, detail)
		if err != nil {
			return nil, fmt.Errorf("openapi %s %s: %w", r.method, r.path, err)
		}
		doc.AddOperation(r.path, r.method, op)
	}
	if doc.Components.Schemas, err = g.finish(); err != nil {
		return nil, err
	}
	if err := openapi3.NewLoader().ResolveRefsIn(doc, nil); err != nil {
		return nil, fmt.Errorf("openapi resolve refs: %w", err)
	}
	return doc, nil
}

// operation is the route's OpenAPI operation: its id, parameters,
// request body and answers, with detail as the schema of every error.
func (r route) operation(g *schemaGen, detail *openapi3.SchemaRef) (*openapi3.Operation, error) {
	op := openapi3.NewOperation()
	op.Summary, op.Tags = r.summary, []string{r.tag}
	op.OperationID = strings.ToLower(r.method) + strings.NewReplacer("/api/", "_", "/", "_", "{", "", "}", "", "-", "_", ".", "_").Replace(r.path)
	r.addParameters(op)
	body, err := r.requestBody(g)
	if err != nil {
		return nil, err
	}
	op.RequestBody = body
	for _, a := range r.answers {
		res, err := a.response(g)
		if err != nil {
			return nil, err
		}
		op.AddResponse(a.status, res)
	}
	op.Responses.Set("default", &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription("Error").WithJSONSchemaRef(detail)})
	return op, nil
}

// addParameters adds the route's path and query parameters and, unless
// it is public, the account header and the security requirement.
func (r route) addParameters(op *openapi3.Operation) {
	for _, seg := range strings.Split(r.path, "/") {
		if strings.HasPrefix(seg, "{") {
			op.AddParameter(openapi3.NewPathParameter(strings.Trim(seg, "{}")).WithSchema(openapi3.NewStringSchema()))
		}
	}
	for _, q := range r.query {
		op.AddParameter(q)
	}
	if !r.public {
		op.AddParameter(openapi3.NewHeaderParameter("X-Account-ID").WithDescription("the account to act in (default: the last one used)").
			WithSchema(openapi3.NewStringSchema()))
		op.Security = &openapi3.SecurityRequirements{{"session": {}}, {"token": {}}}
	}
}

// requestBody is the route's request body: a multipart upload, a form or
// JSON (nil when the route takes none).
func (r route) requestBody(g *schemaGen) (*openapi3.RequestBodyRef, error) {
	switch b := r.body.(type) {
	case nil:
		return nil, nil
	case upload:
		s := openapi3.NewObjectSchema().WithProperty("file", openapi3.NewStringSchema().WithFormat("binary"))
		for _, f := range b.fields {
			s.WithProperty(f, openapi3.NewStringSchema())
		}
		s.Required = []string{"file"}
		return &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
			WithContent(openapi3.NewContentWithSchema(s, []string{"multipart/form-data"}))}, nil
	case form:
		s, err := g.request(b.v)
		if err != nil {
			return nil, err
		}
		return &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
			WithContent(openapi3.NewContentWithSchemaRef(s, []string{"application/x-www-form-urlencoded"}))}, nil
	default:
		s, err := g.request(b)
		if err != nil {
			return nil, err
		}
		return &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).WithJSONSchemaRef(s)}, nil
	}
}

// response is the answer's OpenAPI response: its description (the
// status text by default), headers and body.
func (a answer) response(g *schemaGen) (*openapi3.Response, error) {
	desc := a.desc
	if desc == "" {
		desc = http.StatusText(a.status)
	}
	res := openapi3.NewResponse().WithDescription(desc)
	for name, hd := range a.headers {
		if res.Headers == nil {
			res.Headers = openapi3.Headers{}
		}
		res.Headers[name] = &openapi3.HeaderRef{Value: &openapi3.Header{Parameter: openapi3.Parameter{
			Description: hd, Schema: openapi3.NewStringSchema().NewRef()}}}
	}
	switch b := a.body.(type) {
	case nil:
	case file:
		res.WithContent(openapi3.NewContentWithSchema(b.schema(), b.media))
	case either:
		s := &openapi3.Schema{}
		for _, v := range b {
			r, err := g.ref(v)
			if err != nil {
				return nil, err
			}
			s.AnyOf = append(s.AnyOf, r)
		}
		res.WithJSONSchema(s)
	default:
		s, err := g.ref(b)
		if err != nil {
			return nil, err
		}
		res.WithJSONSchemaRef(s)
	}
	return res, nil
}

// schema is the schema of a file answer by its first media type: an
// object for JSON, a string for XML and text, else binary.
func (f file) schema() *openapi3.Schema {
	s := openapi3.NewStringSchema()
	switch {
	case f.media[0] == "application/json":
		s = openapi3.NewObjectSchema()
	case f.media[0] != "application/xml" && !strings.HasPrefix(f.media[0], "text/"):
		s.WithFormat("binary")
	}
	return s
}

// OpenAPIJSON is the document as served and committed (api/openapi.json).
func OpenAPIJSON() ([]byte, error) {
	doc, err := OpenAPI()
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("openapi document invalid: %w", err)
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("openapi marshal: %w", err)
	}
	return append(b, '\n'), nil
}

// OpenAPIMount serves the document at /api/openapi.json.
func OpenAPIMount(s *Server) {
	var (
		once sync.Once
		body []byte
		err  error
	)
	s.API.GET("/openapi.json", func(c echo.Context) error {
		once.Do(func() { body, err = OpenAPIJSON() })
		if err != nil {
			return err
		}
		return c.JSONBlob(http.StatusOK, body)
	})
}

// EchoPath converts an echo route path (/api/document/:id) to OpenAPI
// syntax (/api/document/{id}).
func EchoPath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, ":") {
			segs[i] = "{" + s[1:] + "}"
		}
	}
	return strings.Join(segs, "/")
}
