package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/spade-bpmn/spade/api"
)

// contractCheck sits in front of a test server's handler and validates
// every /api answer against the OpenAPI document (api/openapi.go), so the
// integration journeys double as contract tests whatever client they use.
// Mismatches fail the test at its end.
type contractCheck struct {
	next   http.Handler
	router routers.Router
	mu     sync.Mutex
	errs   []string
	// seen holds the validated "METHOD /path status" pairs.
	seen map[string]bool
}

// validateContract wraps h. With SPADE_CONTRACT_REPORT set, the validated
// route/status pairs are appended to that file, to count them over a run.
func validateContract(t testing.TB, h http.Handler) *contractCheck {
	t.Helper()
	doc, err := api.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	r, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	c := &contractCheck{next: h, router: r, seen: map[string]bool{}}
	t.Cleanup(func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, e := range c.errs {
			t.Error(e)
		}
		if path := os.Getenv("SPADE_CONTRACT_REPORT"); path != "" && len(c.seen) > 0 {
			if err := appendPairs(path, c.seen); err != nil {
				t.Errorf("contract report: %v", err)
			}
		}
	})
	return c
}

func appendPairs(path string, seen map[string]bool) error {
	pairs := make([]string, 0, len(seen))
	for p := range seen {
		pairs = append(pairs, p+"\n")
	}
	sort.Strings(pairs)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(strings.Join(pairs, ""))
	return errors.Join(err, f.Close())
}

// checkContract returns the stack's contract check (newStack installs it).
func checkContract(t testing.TB, s *stack) *contractCheck {
	t.Helper()
	c, ok := s.srv.Config.Handler.(*contractCheck)
	if !ok {
		t.Fatal("the stack's server does not validate the contract")
	}
	return c
}

// teeWriter keeps a copy of what the handler writes.
type teeWriter struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (w *teeWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *teeWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer (Flush).
func (w *teeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (c *contractCheck) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		c.next.ServeHTTP(w, r)
		return
	}
	// What the handler reads of the request body is kept, to check it
	// against the document when the server accepted it. Copying as it is
	// read (not before) leaves the server's body limits and deadlines
	// working as without the check.
	var reqBody bytes.Buffer
	if r.Body != nil {
		r.Body = teeBody{Reader: io.TeeReader(r.Body, &reqBody), Closer: r.Body}
	}
	tw := &teeWriter{ResponseWriter: w}
	c.next.ServeHTTP(tw, r)
	if tw.status == 0 {
		tw.status = http.StatusOK
	}
	c.validate(r, reqBody.Bytes(), tw.status, w.Header(), tw.body.Bytes())
}

// teeBody is a request body that copies what is read of it.
type teeBody struct {
	io.Reader
	io.Closer
}

func (c *contractCheck) validate(req *http.Request, reqBody []byte, status int, header http.Header, body []byte) {
	route, params, ferr := c.router.FindRoute(req)
	c.mu.Lock()
	defer c.mu.Unlock()
	if ferr != nil {
		var d api.Detail
		if status >= 400 && json.Unmarshal(body, &d) == nil && d.Detail != "" {
			// An address the server does not have either: refused with
			// {"detail"} (404, or 401/403 before the catch-all is reached).
			return
		}
		c.errs = append(c.errs, fmt.Sprintf("%s %s (%d): not in the OpenAPI document: %v\nbody: %.300s", req.Method, req.URL.Path, status, ferr, body))
		return
	}
	reqIn := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	if status < 300 {
		// The server took the request: it must be one the document
		// describes (parameters and body), or the web app's generated
		// request types would be wrong.
		r := req.Clone(context.Background())
		r.Body = io.NopCloser(bytes.NewReader(reqBody))
		reqIn.Request = r
		if verr := openapi3filter.ValidateRequest(context.Background(), reqIn); verr != nil {
			c.errs = append(c.errs, fmt.Sprintf("%s %s (%d): the server accepted a request the OpenAPI document does not describe: %v\nbody: %.300s", req.Method, req.URL.Path, status, verr, reqBody))
			return
		}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: reqIn,
		Status:                 status, Header: header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	in.SetBodyBytes(body)
	if ctype := header.Get("Content-Type"); !strings.Contains(ctype, "json") {
		// A file (BPMN XML, an export): its media type must be one the
		// operation names; its bytes are the exporters' tests' business.
		in.Options.ExcludeResponseBody = true
		if r := route.Operation.Responses.Status(status); r != nil && r.Value != nil && len(r.Value.Content) > 0 && r.Value.Content.Get(ctype) == nil {
			c.errs = append(c.errs, fmt.Sprintf("%s %s (%d): media type %q is not in the OpenAPI document", req.Method, req.URL.Path, status, ctype))
			return
		}
	}
	if verr := openapi3filter.ValidateResponse(context.Background(), in); verr != nil {
		c.errs = append(c.errs, fmt.Sprintf("%s %s (%d) does not match the OpenAPI document: %v\nbody: %.300s", req.Method, req.URL.Path, status, verr, body))
		return
	}
	c.seen[fmt.Sprintf("%s %s %d", req.Method, route.Path, status)] = true
}

// TestContractCheckCatchesMismatches: the check itself fails answers and
// accepted requests that differ from the document, and lets through what
// matches, so a green integration run means something.
func TestContractCheckCatchesMismatches(t *testing.T) {
	saved := `{"version":2,"summary":"s","changes":[]}`
	tests := []struct {
		name, method, path, body string
		status                   int
		answer                   string
		wantErr                  string
	}{
		{"matching answer", "GET", "/api/health", "", 200, `{"status":"ok","database":"ok","queue":"ok","provider":"builtin"}`, ""},
		{"missing field", "GET", "/api/health", "", 200, `{"status":"ok"}`, "does not match"},
		{"value outside the enum", "GET", "/api/health", "", 200, `{"status":"fine","database":"ok","queue":"ok","provider":"builtin"}`, "does not match"},
		{"error answer", "GET", "/api/document/x", "", 404, `{"detail":"Not found"}`, ""},
		{"error without detail", "GET", "/api/document/x", "", 404, `{"error":"Not found"}`, "does not match"},
		{"undocumented route", "GET", "/api/nowhere", "", 200, `{}`, "not in the OpenAPI document"},
		{"unknown address refused", "GET", "/api/nowhere", "", 404, `{"detail":"Not found"}`, ""},
		{"accepted request as documented", "POST", "/api/analyses/a/refine", `{"base_version":1,"instruction":"x"}`, 201, saved, ""},
		{"accepted request missing a field", "POST", "/api/analyses/a/refine", `{"instruction":"x"}`, 201, saved, "accepted a request"},
		{"refused request is not checked", "POST", "/api/analyses/a/refine", `{}`, 400, `{"detail":"bad"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.ReadAll(r.Body)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tt.status)
				_, _ = io.WriteString(w, tt.answer)
			})
			c := validateContract(t, h)
			req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
			if tt.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			c.ServeHTTP(httptest.NewRecorder(), req)
			c.mu.Lock()
			errs := strings.Join(c.errs, "\n")
			c.errs = nil // reported here, not again at cleanup
			c.mu.Unlock()
			if tt.wantErr == "" && errs != "" {
				t.Errorf("unexpected mismatch: %s", errs)
			}
			if tt.wantErr != "" && !strings.Contains(errs, tt.wantErr) {
				t.Errorf("mismatch not caught (want %q), got %q", tt.wantErr, errs)
			}
		})
	}
}
