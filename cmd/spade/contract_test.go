package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/spade-bpmn/spade/api"
)

// contractTransport validates every /api answer a test receives against
// the OpenAPI document (api/openapi.go) and records what does not match:
// the integration journeys double as contract tests.
type contractTransport struct {
	next   http.RoundTripper
	router routers.Router
	mu     sync.Mutex
	errs   []string
	// seen holds the validated "METHOD /path status" pairs.
	seen map[string]bool
}

// checkContract makes every request of s validate its answer against the
// OpenAPI document; the test fails at its end on any mismatch. With
// SPADE_CONTRACT_REPORT set, the validated route/status pairs are appended
// to that file (to count them over a whole run).
func checkContract(t testing.TB, s *stack) *contractTransport {
	t.Helper()
	if ct, ok := s.client.Transport.(*contractTransport); ok {
		return ct
	}
	doc, err := api.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
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
		if path := os.Getenv("SPADE_CONTRACT_REPORT"); path != "" && len(ct.seen) > 0 {
			pairs := make([]string, 0, len(ct.seen))
			for p := range ct.seen {
				pairs = append(pairs, p+"\n")
			}
			sort.Strings(pairs)
			f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err == nil {
				_, err = f.WriteString(strings.Join(pairs, ""))
				f.Close()
			}
			if err != nil {
				t.Errorf("contract report: %v", err)
			}
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
	if rerr != nil {
		// A cut-off answer (a test that aborts the request) has nothing
		// to check; the test sees the same error.
		res.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errReader{rerr}))
		return res, nil
	}
	res.Body = io.NopCloser(bytes.NewReader(body))
	route, params, ferr := c.router.FindRoute(req)
	c.mu.Lock()
	defer c.mu.Unlock()
	if ferr != nil {
		if res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusMethodNotAllowed {
			// An address the server does not have either (the catch-all
			// 404 answers {"detail"}).
			return res, nil
		}
		c.errs = append(c.errs, fmt.Sprintf("%s %s (%d): not in the OpenAPI document: %v", req.Method, req.URL.Path, res.StatusCode, ferr))
		return res, nil
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: res.StatusCode, Header: res.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	in.SetBodyBytes(body)
	if ctype := res.Header.Get("Content-Type"); !strings.Contains(ctype, "json") {
		// A file (BPMN XML, an export): its media type must be one the
		// operation names; its bytes are the exporters' tests' business.
		in.Options.ExcludeResponseBody = true
		if r := route.Operation.Responses.Status(res.StatusCode); r != nil && r.Value != nil && r.Value.Content.Get(ctype) == nil {
			c.errs = append(c.errs, fmt.Sprintf("%s %s (%d): media type %q is not in the OpenAPI document", req.Method, req.URL.Path, res.StatusCode, ctype))
			return res, nil
		}
	}
	if verr := openapi3filter.ValidateResponse(context.Background(), in); verr != nil {
		c.errs = append(c.errs, fmt.Sprintf("%s %s (%d) does not match the OpenAPI document: %v\nbody: %.300s", req.Method, req.URL.Path, res.StatusCode, verr, body))
		return res, nil
	}
	c.seen[fmt.Sprintf("%s %s %d", req.Method, route.Path, res.StatusCode)] = true
	return res, nil
}

// errReader hands a test the read error its answer ended with.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
