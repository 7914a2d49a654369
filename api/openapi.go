package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
)

// The OpenAPI 3 document of the /api surface is built here in Go, beside
// the handlers, and served at /api/openapi.json. Tests check that every
// /api route the server registers is described, and validate responses of
// the integration tests against it. A new route needs one line in
// apiRoutes (and a schema when it returns a new shape).

// OpenAPIPath is where the document is served.
const OpenAPIPath = "/api/openapi.json"

// apiRoute describes one operation.
type apiRoute struct {
	method, path, summary, tag string
	// body is the request schema name ("" none, "multipart" a file upload).
	body string
	// ok is the success status and its schema name ("" no body, "binary"
	// a file, "xml" BPMN XML, "redirect" a 302).
	status int
	ok     string
	public bool
}

// apiRoutes is the whole /api contract; paths use OpenAPI {param} syntax.
var apiRoutes = []apiRoute{
	{method: "GET", path: "/api/health", summary: "Status of database, queue, upload store and provider", tag: "system", status: 200, ok: "Health", public: true},
	{method: "GET", path: "/api/openapi.json", summary: "This document", tag: "system", status: 200, ok: "Object", public: true},
	{method: "GET", path: "/api/config", summary: "Public configuration of the web app", tag: "system", status: 200, ok: "Object", public: true},

	{method: "POST", path: "/api/analyze", summary: "Upload a document (PDF, DOC, DOCX, TXT) for analysis", tag: "analyses", body: "multipart", status: 202, ok: "Analysis"},
	{method: "POST", path: "/api/image/analyze", summary: "Upload a process diagram image for analysis", tag: "analyses", body: "multipart", status: 202, ok: "Analysis"},
	{method: "POST", path: "/api/bpmn/analyze", summary: "Upload a BPMN, XML or JSON file for analysis (VSDX is not supported yet)", tag: "analyses", body: "multipart", status: 202, ok: "Analysis"},
	{method: "GET", path: "/api/document/{id}", summary: "A document analysis", tag: "analyses", status: 200, ok: "Analysis"},
	{method: "GET", path: "/api/image/document/{id}", summary: "An image analysis", tag: "analyses", status: 200, ok: "Analysis"},
	{method: "GET", path: "/api/bpmn/document/{id}", summary: "A BPMN analysis", tag: "analyses", status: 200, ok: "Analysis"},
	{method: "GET", path: "/api/recent", summary: "Recent analyses of the account", tag: "analyses", status: 200, ok: "ListItems"},
	{method: "GET", path: "/api/check-graph/{id}", summary: "Whether the BPMN diagram exists yet", tag: "analyses", status: 200, ok: "GraphExists"},
	{method: "GET", path: "/api/graph/{id}", summary: "The process model JSON", tag: "analyses", status: 200, ok: "Object"},
	{method: "GET", path: "/api/bpmn/{id}", summary: "The BPMN 2.0 XML", tag: "analyses", status: 200, ok: "xml"},
	{method: "DELETE", path: "/api/cached-analysis/{id}", summary: "Delete an analysis", tag: "analyses", status: 200, ok: "Object"},
	{method: "POST", path: "/api/export/{type}", summary: "Export an analysis (txt, xlsx, bpmn, docx, pdf)", tag: "analyses", body: "Object", status: 200, ok: "binary"},

	{method: "GET", path: "/api/analyses/{id}/versions", summary: "Versions of the analysis' process model (1 is the generated one)", tag: "versions", status: 200, ok: "VersionList"},
	{method: "GET", path: "/api/analyses/{id}/versions/{n}", summary: "One version: BPMN XML, model, formatted text; ?compare=m lists the changes from version m", tag: "versions", status: 200, ok: "Version"},
	{method: "POST", path: "/api/analyses/{id}/versions", summary: "Save an edited diagram as a new version (409 when base_version is not the latest)", tag: "versions", body: "SaveVersion", status: 201, ok: "Saved"},
	{method: "POST", path: "/api/analyses/{id}/versions/{n}/restore", summary: "Restore version n as a new version", tag: "versions", status: 201, ok: "Saved"},
	{method: "GET", path: "/api/analyses/{id}/source", summary: "The extracted text, each sentence with the elements that came from it, and the coverage", tag: "versions", status: 200, ok: "Source"},
	{method: "POST", path: "/api/analyses/{id}/refine", summary: "Change the model by an instruction in words (422 with what was not understood)", tag: "versions", body: "Refine", status: 201, ok: "Saved"},

	{method: "POST", path: "/api/demo/analyze", summary: "Anonymous demo analysis (one per device per day)", tag: "demo", body: "multipart", status: 200, ok: "Object", public: true},
	{method: "GET", path: "/api/demo/analyze/{id}", summary: "A demo analysis", tag: "demo", status: 200, ok: "Object", public: true},

	{method: "GET", path: "/api/auth/login", summary: "Start OIDC sign-in", tag: "auth", status: 302, ok: "redirect", public: true},
	{method: "POST", path: "/api/auth/token", summary: "Exchange the OIDC code for a session cookie", tag: "auth", body: "Object", status: 200, ok: "Object", public: true},
	{method: "GET", path: "/api/auth/auth-info", summary: "Sign-in configuration", tag: "auth", status: 200, ok: "Object", public: true},
	{method: "POST", path: "/api/auth/refresh", summary: "Refresh the session", tag: "auth", status: 200, ok: "Object", public: true},
	{method: "GET", path: "/api/auth/logout", summary: "Sign out", tag: "auth", status: 200, ok: "Object", public: true},
	{method: "POST", path: "/api/auth/logout", summary: "Sign out", tag: "auth", status: 200, ok: "Object", public: true},
	{method: "POST", path: "/api/auth/ensure-user", summary: "Create the user record on first sign-in", tag: "auth", body: "Object", status: 200, ok: "Object"},
	{method: "GET", path: "/api/auth/accounts", summary: "Accounts of the signed-in user", tag: "auth", status: 200, ok: "Any"},
	{method: "POST", path: "/api/auth/account-access", summary: "Record access to an account", tag: "auth", body: "Object", status: 200, ok: "Object"},

	{method: "GET", path: "/api/membership/usage", summary: "Today's analyze calls and the limit", tag: "membership", status: 200, ok: "Object"},
	{method: "GET", path: "/api/membership/type", summary: "Membership and trial", tag: "membership", status: 200, ok: "Object"},
	{method: "GET", path: "/api/user-settings/api-key", summary: "The user's own API key, masked", tag: "membership", status: 200, ok: "Object"},
	{method: "POST", path: "/api/user-settings/api-key", summary: "Store the user's own API key", tag: "membership", body: "Object", status: 200, ok: "Object"},
	{method: "DELETE", path: "/api/user-settings/api-key", summary: "Remove the user's own API key", tag: "membership", status: 200, ok: "Object"},
	{method: "GET", path: "/api/user-settings/tokens", summary: "Personal access tokens", tag: "membership", status: 200, ok: "Any"},
	{method: "POST", path: "/api/user-settings/tokens", summary: "Create a personal access token", tag: "membership", body: "Object", status: 201, ok: "Object"},
	{method: "DELETE", path: "/api/user-settings/tokens/{id}", summary: "Revoke a personal access token", tag: "membership", status: 200, ok: "Object"},

	{method: "GET", path: "/api/ops/queues", summary: "Queue depth, in-flight, retry, archived, processed and failed today (operators)", tag: "operations", status: 200, ok: "Queues"},
	{method: "POST", path: "/api/ops/queues/{name}/pause", summary: "Pause a queue (operators)", tag: "operations", status: 200, ok: "Queue"},
	{method: "POST", path: "/api/ops/queues/{name}/resume", summary: "Resume a queue (operators)", tag: "operations", status: 200, ok: "Queue"},
	{method: "GET", path: "/api/ops/failed", summary: "Latest failed analyses with details (operators)", tag: "operations", status: 200, ok: "FailedList"},
	{method: "POST", path: "/api/ops/analyses/{id}/retry", summary: "Retry a failed analysis or diagram (operators)", tag: "operations", status: 202, ok: "Analysis"},
	{method: "GET", path: "/api/ops/reprocess", summary: "Latest reprocess runs (operators)", tag: "operations", status: 200, ok: "Runs"},
	{method: "POST", path: "/api/ops/reprocess", summary: "Start a reprocess run, or count it with dry_run (operators)", tag: "operations", body: "ReprocessRequest", status: 202, ok: "Run"},
	{method: "GET", path: "/api/ops/reprocess/{id}", summary: "A reprocess run's progress (operators)", tag: "operations", status: 200, ok: "Run"},
}

func str() *openapi3.Schema      { return openapi3.NewStringSchema() }
func integer() *openapi3.Schema  { return openapi3.NewIntegerSchema() }
func boolean() *openapi3.Schema  { return openapi3.NewBoolSchema() }
func datetime() *openapi3.Schema { return openapi3.NewDateTimeSchema() }
func object() *openapi3.Schema   { return openapi3.NewObjectSchema() }

func ref(name string) *openapi3.SchemaRef {
	return openapi3.NewSchemaRef("#/components/schemas/"+name, nil)
}

func props(required []string, p map[string]*openapi3.Schema) *openapi3.Schema {
	s := object().WithProperties(p)
	s.Required = required
	return s
}

func arrayOf(name string) *openapi3.Schema {
	s := openapi3.NewArraySchema()
	s.Items = ref(name)
	return s
}

func schemas() openapi3.Schemas {
	analysisView := props([]string{"id", "status", "stage", "current_stage", "progress", "analyzer_type", "graph"}, map[string]*openapi3.Schema{
		"id": str(), "timestamp": datetime(), "status": str().WithEnum("queued", "running", "completed", "failed"),
		"stage": str(), "current_stage": str(), "progress": integer().WithMin(0).WithMax(100),
		"process_name": str(), "process_purpose": str(), "original_filename": str(), "formatted_text": str(),
		"input_tokens": integer(), "output_tokens": integer(), "total_tokens": integer(),
		"analyzer_type": str().WithEnum("document", "image", "bpmn"), "metadata": object(),
		"graph":  props([]string{"status"}, map[string]*openapi3.Schema{"status": str().WithEnum("pending", "building", "completed", "failed", "none")}),
		"detail": str(), "stages": openapi3.NewArraySchema().WithItems(props([]string{"stage", "at"}, map[string]*openapi3.Schema{"stage": str(), "at": datetime()})),
		"updated_at": datetime(), "completed_at": datetime().WithNullable(),
		"version": integer().WithMin(1), "edited": boolean(),
	})
	versionInfo := map[string]*openapi3.Schema{
		"version": integer().WithMin(1), "created_at": datetime(), "author": str(), "summary": str(),
		"source": str().WithEnum("analysis", "edit", "refine", "restore"),
	}
	change := props([]string{"id", "kind", "what"}, map[string]*openapi3.Schema{
		"id": str(), "kind": str(), "what": str().WithEnum("added", "removed", "renamed", "moved", "changed"), "name": str(), "to": str(),
	})
	versionFull := map[string]*openapi3.Schema{
		"bpmn_xml": str(), "model": object().WithNullable(), "formatted_text": str(),
		"changes": openapi3.NewArraySchema().WithItems(change),
	}
	for k, v := range versionInfo {
		versionFull[k] = v
	}
	listItem := props([]string{"id", "status", "analyzer_type"}, map[string]*openapi3.Schema{
		"id": str(), "timestamp": datetime(), "status": str(), "process_name": str(), "process_purpose": str(),
		"original_filename": str(), "input_tokens": integer(), "output_tokens": integer(), "total_tokens": integer(),
		"analyzer_type": str(), "graph": object(),
	})
	queue := props([]string{"name", "pending", "active", "retry", "archived", "processed_today", "failed_today", "paused"}, map[string]*openapi3.Schema{
		"name": str(), "weight": integer(), "size": integer(), "pending": integer(), "active": integer(),
		"scheduled": integer(), "retry": integer(), "archived": integer(), "completed": integer(),
		"processed_today": integer(), "failed_today": integer(), "processed_total": integer(), "failed_total": integer(),
		"paused": boolean(), "latency_ms": integer(),
	})
	task := props([]string{"id", "queue", "state"}, map[string]*openapi3.Schema{
		"id": str(), "queue": str(), "type": str(), "state": str(), "retried": integer(), "max_retry": integer(),
		"last_error": str(), "last_failed_at": datetime(),
	}).WithNullable()
	failed := props([]string{"id", "status", "detail"}, map[string]*openapi3.Schema{
		"id": str(), "account_id": str(), "account_name": str(), "analyzer_type": str(), "original_filename": str(),
		"status": str(), "stage": str(), "graph_status": str(), "detail": str(), "attempts": integer(),
		"created_at": datetime(), "updated_at": datetime(), "task": task,
	})
	params := props([]string{"stage"}, map[string]*openapi3.Schema{
		"stage": str().WithEnum("analysis", "graph"), "analyzer": str(), "since": datetime(), "until": datetime(),
		"account": str(), "model": str(), "rate": openapi3.NewFloat64Schema(), "dry_run": boolean(),
		"include_edited": boolean(),
	})
	run := props([]string{"id", "stage", "status", "matched", "enqueued", "done", "failed"}, map[string]*openapi3.Schema{
		"id": str(), "stage": str(), "params": params, "status": str().WithEnum("enqueuing", "running", "completed", "failed"),
		"matched": integer(), "enqueued": integer(), "skipped": integer(), "done": integer(), "failed": integer(),
		"detail": str(), "created_by": str(), "created_at": datetime(), "updated_at": datetime(), "finished_at": datetime().WithNullable(),
	})
	// A dry run answers 200 with counts instead of a run.
	runOrPlan := &openapi3.Schema{OneOf: openapi3.SchemaRefs{
		openapi3.NewSchemaRef("", run),
		openapi3.NewSchemaRef("", props([]string{"dry_run", "matched", "pending"}, map[string]*openapi3.Schema{
			"dry_run": boolean(), "matched": integer(), "pending": integer(), "params": params,
		})),
	}}
	any := &openapi3.Schema{}
	return openapi3.Schemas{
		"Detail":    openapi3.NewSchemaRef("", props([]string{"detail"}, map[string]*openapi3.Schema{"detail": str()})),
		"Object":    openapi3.NewSchemaRef("", object()),
		"Any":       openapi3.NewSchemaRef("", any),
		"Analysis":  openapi3.NewSchemaRef("", analysisView),
		"ListItems": openapi3.NewSchemaRef("", openapi3.NewArraySchema().WithItems(listItem)),
		"GraphExists": openapi3.NewSchemaRef("", props([]string{"exists"}, map[string]*openapi3.Schema{
			"exists": boolean(),
		})),
		"Health": openapi3.NewSchemaRef("", props([]string{"status", "database", "queue"}, map[string]*openapi3.Schema{
			"status": str().WithEnum("ok", "degraded"), "database": str(), "queue": str(), "storage": str(), "provider": str(),
		})),
		"Queue":  openapi3.NewSchemaRef("", queue),
		"Queues": openapi3.NewSchemaRef("", props([]string{"queues"}, map[string]*openapi3.Schema{"queues": arrayOf("Queue")})),
		"FailedList": openapi3.NewSchemaRef("", props([]string{"items"}, map[string]*openapi3.Schema{
			"items": openapi3.NewArraySchema().WithItems(failed),
		})),
		"ReprocessRequest": openapi3.NewSchemaRef("", props([]string{"stage"}, map[string]*openapi3.Schema{
			"stage": str().WithEnum("analysis", "graph"), "analyzer": str().WithEnum("", "document", "image", "bpmn"),
			"since": str(), "until": str(), "account": str(), "model": str(), "rate": str(), "dry_run": boolean(),
			"include_edited": boolean(),
		})),
		"VersionList": openapi3.NewSchemaRef("", props([]string{"versions", "latest"}, map[string]*openapi3.Schema{
			"versions": openapi3.NewArraySchema().WithItems(props([]string{"version", "created_at", "author", "summary", "source"}, versionInfo)),
			"latest":   integer(),
		})),
		"Version": openapi3.NewSchemaRef("", props([]string{"version", "bpmn_xml", "model", "formatted_text", "source"}, versionFull)),
		"SaveVersion": openapi3.NewSchemaRef("", props([]string{"base_version", "bpmn_xml"}, map[string]*openapi3.Schema{
			"base_version": integer().WithMin(1), "bpmn_xml": str(),
		})),
		"Refine": openapi3.NewSchemaRef("", props([]string{"base_version", "instruction"}, map[string]*openapi3.Schema{
			"base_version": integer().WithMin(1), "instruction": str(),
		})),
		"Source": openapi3.NewSchemaRef("", props([]string{"text", "sentences", "coverage", "unplaced"}, map[string]*openapi3.Schema{
			"text": str(), "coverage": openapi3.NewFloat64Schema().WithMin(0).WithMax(1),
			"unplaced": openapi3.NewArraySchema().WithItems(str()),
			"sentences": openapi3.NewArraySchema().WithItems(props([]string{"start", "end", "text", "elements"}, map[string]*openapi3.Schema{
				"start": integer(), "end": integer(), "text": str(), "elements": openapi3.NewArraySchema().WithItems(str()),
			})),
		})),
		"Saved": openapi3.NewSchemaRef("", props([]string{"version", "summary", "changes"}, map[string]*openapi3.Schema{
			"version": integer(), "summary": str(), "changes": openapi3.NewArraySchema().WithItems(change),
			"operations":     openapi3.NewArraySchema().WithItems(object()),
			"not_understood": openapi3.NewArraySchema().WithItems(str()),
		})),
		"Run":  openapi3.NewSchemaRef("", runOrPlan),
		"Runs": openapi3.NewSchemaRef("", props([]string{"runs"}, map[string]*openapi3.Schema{"runs": openapi3.NewArraySchema().WithItems(run)})),
	}
}

// OpenAPI builds the document.
func OpenAPI() *openapi3.T {
	doc := &openapi3.T{
		OpenAPI: "3.0.3",
		Info: &openapi3.Info{Title: "SPADE API", Version: "1",
			Description: "Process documents, diagram images and BPMN files into BPMN 2.0, SIPOC and quality reports. " +
				"Errors are always {\"detail\": \"...\"}. Authenticate with the session cookie (spade_session) or " +
				"`Authorization: Bearer <personal access token>`; select the account with X-Account-ID."},
		Servers: openapi3.Servers{{URL: "/"}},
		Paths:   openapi3.NewPaths(),
		Components: &openapi3.Components{
			Schemas: schemas(),
			SecuritySchemes: openapi3.SecuritySchemes{
				"session": &openapi3.SecuritySchemeRef{Value: openapi3.NewCSRFSecurityScheme().WithIn("cookie").WithName(SessionCookie).WithType("apiKey")},
				"token":   &openapi3.SecuritySchemeRef{Value: openapi3.NewJWTSecurityScheme().WithBearerFormat("opaque")},
			},
		},
	}
	detail := openapi3.NewResponse().WithDescription("Error").WithJSONSchemaRef(ref("Detail"))
	for _, r := range apiRoutes {
		op := openapi3.NewOperation()
		op.Summary, op.Tags = r.summary, []string{r.tag}
		op.OperationID = strings.ToLower(r.method) + strings.NewReplacer("/api/", "", "/", "_", "{", "", "}", "", "-", "_", ".", "_").Replace(r.path)
		for _, seg := range strings.Split(r.path, "/") {
			if strings.HasPrefix(seg, "{") {
				op.AddParameter(openapi3.NewPathParameter(strings.Trim(seg, "{}")).WithSchema(str()))
			}
		}
		if r.path == "/api/recent" {
			op.AddParameter(openapi3.NewQueryParameter("analyzer_type").WithSchema(str()))
			op.AddParameter(openapi3.NewQueryParameter("limit").WithSchema(integer()))
		}
		if r.path == "/api/bpmn/{id}" {
			op.AddParameter(openapi3.NewQueryParameter("layout").WithSchema(str().WithEnum("file", "spade")).
				WithDescription("spade: the uploaded file converted to the process model and drawn with SPADE's layout; omitted or file: the stored diagram (an uploaded file's own)"))
		}
		if strings.HasPrefix(r.path, "/api/ops/failed") || r.path == "/api/ops/reprocess" && r.method == "GET" {
			op.AddParameter(openapi3.NewQueryParameter("limit").WithSchema(integer()))
		}
		if !r.public {
			op.AddParameter(&openapi3.Parameter{Name: "X-Account-ID", In: "header", Schema: openapi3.NewSchemaRef("", str())})
			op.Security = &openapi3.SecurityRequirements{{"session": {}}, {"token": {}}}
		}
		switch r.body {
		case "":
		case "multipart":
			file := object().WithProperty("file", str().WithFormat("binary"))
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
				WithContent(openapi3.NewContentWithSchema(file, []string{"multipart/form-data"}))}
		default:
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithJSONSchemaRef(ref(r.body))}
		}
		ok := openapi3.NewResponse().WithDescription(http.StatusText(r.status))
		switch r.ok {
		case "":
		case "binary":
			ok.WithContent(openapi3.NewContentWithSchema(str().WithFormat("binary"), []string{"application/octet-stream"}))
		case "xml":
			ok.WithContent(openapi3.NewContentWithSchema(str(), []string{"application/xml"}))
		case "redirect":
		default:
			ok.WithJSONSchemaRef(ref(r.ok))
		}
		op.AddResponse(r.status, ok)
		if r.ok == "Run" {
			op.AddResponse(http.StatusOK, openapi3.NewResponse().WithDescription("Dry run").WithJSONSchemaRef(ref("Run")))
		}
		op.Responses.Set("default", &openapi3.ResponseRef{Value: detail})
		doc.AddOperation(r.path, r.method, op)
	}
	// Fill every $ref with its schema so that validators can use the
	// document as built.
	if err := openapi3.NewLoader().ResolveRefsIn(doc, nil); err != nil {
		panic("api: OpenAPI document: " + err.Error())
	}
	return doc
}

var (
	openAPIOnce sync.Once
	openAPIJSON []byte
)

// OpenAPIMount serves the document at /api/openapi.json.
func OpenAPIMount(s *Server) {
	s.API.GET("/openapi.json", func(c echo.Context) error {
		openAPIOnce.Do(func() { openAPIJSON, _ = json.MarshalIndent(OpenAPI(), "", "  ") })
		return c.JSONBlob(http.StatusOK, openAPIJSON)
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
