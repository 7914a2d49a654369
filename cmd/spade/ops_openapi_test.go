package main

import (
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/api"
)

// TestOpenAPI: every /api route the fully wired server registers is in the
// document, nothing the document describes is missing from the server, and
// the answers of a full flow validate against it.
func TestOpenAPI(t *testing.T) {
	t.Parallel()
	doc, err := api.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	s := setup(t, stackOptions{SignIn: true})
	srv := checkContract(t, s).next.(*api.Server)
	registered := map[string]bool{}
	var missing []string
	for _, r := range srv.E.Routes() {
		if !strings.HasPrefix(r.Path, "/api/") || r.Path == "/api/*" || strings.HasPrefix(r.Method, "echo_") {
			continue
		}
		p := api.EchoPath(r.Path)
		registered[r.Method+" "+p] = true
		item := doc.Paths.Value(p)
		if item == nil || item.GetOperation(r.Method) == nil {
			missing = append(missing, r.Method+" "+p)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("routes the server registers but the OpenAPI document (api/openapi.go routes) does not describe:\n  %s", strings.Join(missing, "\n  "))
	}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			if !registered[method+" "+path] {
				t.Errorf("the OpenAPI document describes %s %s, which the server does not register", method, path)
			}
		}
	}

	ct := checkContract(t, s)
	s.operators()
	code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	if code != 202 {
		t.Fatalf("upload %d %s", code, body)
	}
	s.waitFor(v.ID, 30*time.Second, finished)
	for _, p := range []string{"/api/health", "/api/openapi.json", "/api/config", "/api/recent", "/api/recent?analyzer_type=document&limit=5",
		"/api/check-graph/" + v.ID, "/api/graph/" + v.ID, "/api/bpmn/" + v.ID, "/api/document/nope", "/api/ops/queues",
		"/api/ops/failed", "/api/ops/reprocess", "/api/auth/auth-info", "/api/auth/accounts", "/api/membership/usage",
		"/api/membership/type", "/api/user-settings/api-key", "/api/user-settings/tokens",
		"/api/analyses/" + v.ID + "/versions", "/api/analyses/" + v.ID + "/versions/1", "/api/analyses/" + v.ID + "/source"} {
		s.do(http.MethodGet, p, nil, "")
	}
	s.do(http.MethodPost, "/api/analyze", strings.NewReader("x"), "text/plain")
	s.do(http.MethodPost, "/api/auth/ensure-user", nil, "")
	s.do(http.MethodPost, "/api/auth/account-access", strings.NewReader(`{"account_id":"`+s.acct+`"}`), "application/json")
	s.do(http.MethodPost, "/api/user-settings/tokens", strings.NewReader(`{"name":"ci"}`), "application/json")
	s.do(http.MethodPost, "/api/export/txt", strings.NewReader(`{"id":"`+v.ID+`"}`), "application/json")
	s.do(http.MethodPost, "/api/ops/reprocess", strings.NewReader(`{"stage":"graph","dry_run":true}`), "application/json")
	s.do(http.MethodPost, "/api/ops/reprocess", strings.NewReader(`{"stage":"graph"}`), "application/json")
	s.do(http.MethodPost, "/api/ops/queues/graph/pause", nil, "")
	s.do(http.MethodPost, "/api/ops/queues/graph/resume", nil, "")
	s.do(http.MethodPost, "/api/ops/analyses/"+v.ID+"/retry", nil, "")
	s.do(http.MethodPost, "/api/auth/refresh", nil, "")
	s.do(http.MethodDelete, "/api/cached-analysis/"+v.ID, nil, "")
	s.do(http.MethodPost, "/api/auth/logout", nil, "")
	ct.mu.Lock()
	n := len(ct.seen)
	ct.mu.Unlock()
	if n < 25 {
		t.Errorf("only %d route/status pairs validated", n)
	}
}
