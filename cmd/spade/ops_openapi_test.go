package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/spade-bpmn/spade/api"
)

// contractTransport validates every /api response against the OpenAPI
// document and records what does not match.
type contractTransport struct {
	next   http.RoundTripper
	router routers.Router
	mu     sync.Mutex
	errs   []string
	seen   map[string]bool
}

// checkContract makes every request of s validate its response against
// the OpenAPI document; the test fails at the end on any mismatch.
func checkContract(t *testing.T, s *stack) *contractTransport {
	t.Helper()
	doc := api.OpenAPI()
	doc.Servers = openapi3.Servers{{URL: s.srv.URL}}
	r, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	next := s.client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	ct := &contractTransport{next: next, router: r, seen: map[string]bool{}}
	s.client.Transport = ct
	t.Cleanup(func() {
		ct.mu.Lock()
		defer ct.mu.Unlock()
		for _, e := range ct.errs {
			t.Error(e)
		}
	})
	return ct
}

func (c *contractTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := c.next.RoundTrip(req)
	if err != nil || !strings.HasPrefix(req.URL.Path, "/api/") {
		return res, err
	}
	body, rerr := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	if rerr != nil {
		return res, nil
	}
	route, params, ferr := c.router.FindRoute(req)
	c.mu.Lock()
	defer c.mu.Unlock()
	if ferr != nil {
		c.errs = append(c.errs, fmt.Sprintf("%s %s (%d): not in the OpenAPI document: %v", req.Method, req.URL.Path, res.StatusCode, ferr))
		return res, nil
	}
	c.seen[req.Method+" "+route.Path] = true
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: res.StatusCode, Header: res.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	in.SetBodyBytes(body)
	if !strings.Contains(res.Header.Get("Content-Type"), "json") {
		in.Options.ExcludeResponseBody = true
	}
	if verr := openapi3filter.ValidateResponse(context.Background(), in); verr != nil {
		c.errs = append(c.errs, fmt.Sprintf("%s %s (%d) does not match the OpenAPI document: %v\nbody: %.300s", req.Method, req.URL.Path, res.StatusCode, verr, body))
	}
	return res, nil
}

// TestOpenAPI: the document is valid, every /api route the server
// registers is described (and nothing described is missing from the
// server), and the answers of a full flow validate against it.
func TestOpenAPI(t *testing.T) {
	t.Parallel()
	doc := api.OpenAPI()
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("OpenAPI document invalid: %v", err)
	}
	s := setup(t, stackOptions{SignIn: true})
	srv := s.srv.Config.Handler.(*api.Server)
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
		t.Errorf("routes the server registers but the OpenAPI document (api/openapi.go apiRoutes) does not describe:\n  %s", strings.Join(missing, "\n  "))
	}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			if !registered[method+" "+path] && !optionalRoute(path) {
				t.Errorf("the OpenAPI document describes %s %s, which the server does not register", method, path)
			}
		}
	}

	ct := checkContract(t, s)
	op, _ := s.operators()
	code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	if code != 202 {
		t.Fatalf("upload %d %s", code, body)
	}
	s.waitFor(v.ID, 30*time.Second, finished)
	for _, p := range []string{"/api/health", "/api/openapi.json", "/api/recent", "/api/recent?analyzer_type=document&limit=5",
		"/api/check-graph/" + v.ID, "/api/graph/" + v.ID, "/api/bpmn/" + v.ID, "/api/document/nope", "/api/ops/queues",
		"/api/ops/failed", "/api/ops/reprocess"} {
		s.do(http.MethodGet, p, nil, "")
	}
	s.do(http.MethodPost, "/api/analyze", strings.NewReader("x"), "text/plain")
	s.do(http.MethodPost, "/api/ops/reprocess", strings.NewReader(`{"stage":"graph","dry_run":true}`), "application/json")
	s.do(http.MethodPost, "/api/ops/reprocess", strings.NewReader(`{"stage":"graph"}`), "application/json")
	s.do(http.MethodPost, "/api/ops/queues/graph/pause", nil, "")
	s.do(http.MethodPost, "/api/ops/queues/graph/resume", nil, "")
	s.do(http.MethodPost, "/api/ops/analyses/"+v.ID+"/retry", nil, "")
	s.do(http.MethodDelete, "/api/cached-analysis/"+v.ID, nil, "")
	_ = op
	ct.mu.Lock()
	n := len(ct.seen)
	ct.mu.Unlock()
	if n < 12 {
		t.Errorf("only %d operations exercised", n)
	}
}

// optionalRoute reports documented routes that are mounted only in some
// configurations (the built-in sign-in, the demo, exports).
func optionalRoute(path string) bool {
	for _, p := range []string{"/api/auth/", "/api/demo/", "/api/export/", "/api/membership/", "/api/user-settings/", "/api/config"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}
