package gemini

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/genai"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// reply is one canned HTTP answer of the fake server.
type reply struct {
	status int
	body   string
	// hang makes the server wait until the client gives up.
	hang bool
}

type recorded struct {
	method, path, key, contentType string
	body                           []byte
}

// fakeGemini speaks the Gemini API wire format: POST
// /v1beta/models/{model}:generateContent with the key in x-goog-api-key,
// answering from a queue of replies (the last one repeats).
type fakeGemini struct {
	*httptest.Server
	mu      sync.Mutex
	replies []reply
	reqs    []recorded
}

func newFake(t *testing.T, replies ...reply) *fakeGemini {
	t.Helper()
	f := &fakeGemini{replies: replies}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeGemini) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.reqs = append(f.reqs, recorded{r.Method, r.URL.Path, r.Header.Get("x-goog-api-key"), r.Header.Get("Content-Type"), body})
	rep := f.replies[0]
	if len(f.replies) > 1 {
		f.replies = f.replies[1:]
	}
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/v1beta/models/") || !strings.HasSuffix(r.URL.Path, ":generateContent") {
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, googleError(404, "NOT_FOUND", "Method not found.").body)
		return
	}
	if rep.hang {
		<-r.Context().Done()
		return
	}
	w.WriteHeader(rep.status)
	_, _ = io.WriteString(w, rep.body)
}

func (f *fakeGemini) requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.reqs...)
}

func sampleModel() process.Model {
	return process.Model{
		ProcessName:    "Invoice approval",
		ProcessPurpose: "Pay correct invoices.",
		Participants:   []process.Participant{{Name: "Clerk"}},
		Activities: []process.Activity{{ID: "a1", Name: "Check invoice", Performer: "Clerk",
			SIPOC:       process.SIPOC{Suppliers: []string{"Supplier"}, Inputs: []string{"Invoice"}, Outputs: []string{"Checked invoice"}, Customers: []string{"Manager"}, Systems: []string{"ERP"}},
			WorkMinutes: 10, WaitMinutes: 60, Source: "The clerk checks the invoice."}},
		Gateways: []process.Gateway{},
		Events:   []process.Event{{ID: "e1", Type: "start", Trigger: "none", Name: "Start"}, {ID: "e2", Type: "end", Trigger: "none", Name: "End"}},
		Flows:    []process.Flow{{ID: "f1", Source: "e1", Target: "a1"}, {ID: "f2", Source: "a1", Target: "e2"}},
	}
}

// generated builds a generateContent response as Google sends it.
func generated(text, finish string) reply {
	b, _ := json.Marshal(map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}},
			"finishReason": finish, "index": 0,
		}},
		"usageMetadata": map[string]any{
			"promptTokenCount": 1200, "candidatesTokenCount": 345, "totalTokenCount": 1545,
			"promptTokensDetails": []any{map[string]any{"modality": "TEXT", "tokenCount": 1200}},
		},
		"modelVersion": "gemini-2.0-flash-001",
		"responseId":   "abc123",
	})
	return reply{status: 200, body: string(b)}
}

func okReply() reply {
	m, _ := json.Marshal(sampleModel())
	return generated(string(m), "STOP")
}

func googleError(code int, status, msg string, details ...map[string]any) reply {
	e := map[string]any{"code": code, "message": msg, "status": status}
	if len(details) > 0 {
		e["details"] = details
	}
	b, _ := json.Marshal(map[string]any{"error": e})
	return reply{status: code, body: string(b)}
}

var (
	docInput = llm.Input{Kind: llm.KindDocument, Filename: "invoice.txt", Text: "The clerk checks the invoice in the ERP. It takes 10 minutes."}
	pngBytes = []byte("\x89PNG\r\n\x1a\nfake")
)

func imageInput(mime string) llm.Input {
	return llm.Input{Kind: llm.KindImage, Filename: "flow", Image: pngBytes, MIMEType: mime}
}

func TestAnalyze(t *testing.T) {
	tests := []struct {
		name    string
		in      llm.Input
		replies []reply
		// calls is how many times Analyze runs on the same provider.
		calls   int
		timeout time.Duration
		// golden names testdata files for the recorded request bodies, in order.
		golden []string
		check  func(t *testing.T, res *llm.Result, err error, reqs []recorded)
	}{
		{
			name: "document success records tokens", in: docInput, replies: []reply{okReply()},
			golden: []string{"document"},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(res.Model, sampleModel()) {
					t.Errorf("model = %+v", res.Model)
				}
				if want := (llm.Usage{InputTokens: 1200, OutputTokens: 345, TotalTokens: 1545}); res.Usage != want {
					t.Errorf("usage = %+v, want %+v", res.Usage, want)
				}
				if res.ModelName != "gemini-2.0-flash-001" {
					t.Errorf("model name = %q", res.ModelName)
				}
				r := reqs[0]
				if r.method != "POST" || r.path != "/v1beta/models/gemini-2.0-flash:generateContent" || r.key != "sys-key" || !strings.HasPrefix(r.contentType, "application/json") {
					t.Errorf("request = %s %s key %q type %q", r.method, r.path, r.key, r.contentType)
				}
				var body struct {
					GenerationConfig struct {
						ResponseMimeType string         `json:"responseMimeType"`
						ResponseSchema   map[string]any `json:"responseSchema"`
					} `json:"generationConfig"`
				}
				_ = json.Unmarshal(r.body, &body)
				if body.GenerationConfig.ResponseMimeType != "application/json" || body.GenerationConfig.ResponseSchema["type"] != "OBJECT" {
					t.Errorf("generationConfig = %+v", body.GenerationConfig)
				}
			},
		},
		{
			name: "png is sent inline", in: imageInput("image/png"), replies: []reply{okReply()},
			golden: []string{"image"},
			check:  wantInline("image/png"),
		},
		{name: "jpg is sent as image/jpeg", in: imageInput("image/jpg"), replies: []reply{okReply()}, check: wantInline("image/jpeg")},
		{name: "webp is sent inline", in: imageInput("image/webp"), replies: []reply{okReply()}, check: wantInline("image/webp")},
		{name: "heic is sent inline", in: imageInput("image/heic"), replies: []reply{okReply()}, check: wantInline("image/heic")},
		{name: "heif is sent inline", in: imageInput("IMAGE/HEIF"), replies: []reply{okReply()}, check: wantInline("image/heif")},
		{
			name: "unsupported image type", in: imageInput("image/bmp"), replies: []reply{okReply()},
			check: wantErr(llm.ErrInvalidRequest, true, "JPG, PNG, WEBP, HEIC or HEIF", 0),
		},
		{
			name: "corrective round trip lists the problems", in: withProblems(docInput, "flow f2 targets unknown node a9", "no end event"),
			replies: []reply{okReply()}, golden: []string{"corrective"},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Contains(reqs[0].body, []byte(`- flow f2 targets unknown node a9\n- no end event`)) {
					t.Errorf("problems missing from the request: %s", reqs[0].body)
				}
			},
		},
		{
			name: "user key wins over system key", in: withKey(docInput, "user-key"), replies: []reply{okReply()},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatal(err)
				}
				if reqs[0].key != "user-key" {
					t.Errorf("key = %q", reqs[0].key)
				}
			},
		},
		{
			name: "model override", in: llm.Input{Text: "x", Model: "gemini-2.5-pro"}, replies: []reply{okReply()},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil || reqs[0].path != "/v1beta/models/gemini-2.5-pro:generateContent" {
					t.Errorf("err %v path %s", err, reqs[0].path)
				}
			},
		},
		{
			name: "429 is retryable and the retry succeeds", in: docInput, calls: 2,
			replies: []reply{googleError(429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."), okReply()},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatalf("retry failed: %v", err)
				}
				if len(reqs) != 2 {
					t.Fatalf("%d requests, want 2", len(reqs))
				}
			},
		},
		{
			name: "400 is permanent and not retried", in: docInput,
			replies: []reply{googleError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.")},
			check:   wantErr(llm.ErrInvalidRequest, true, "Request contains an invalid argument", 1),
		},
		{
			name: "invalid key is 400 API_KEY_INVALID at Google", in: withKey(docInput, "bad"),
			replies: []reply{googleError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.",
				map[string]any{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com"})},
			check: wantErr(llm.ErrAuth, true, "rejected the API key. Check your API key in Settings.", 1),
		},
		{
			name: "401 with system key", in: docInput,
			replies: []reply{googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.")},
			check:   wantErr(llm.ErrAuth, true, "GEMINI_API_KEY", 1),
		},
		{
			name: "403 permission denied", in: docInput,
			replies: []reply{googleError(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers.")},
			check:   wantErr(llm.ErrAuth, true, "rejected the API key", 1),
		},
		{
			name: "404 unknown model", in: docInput,
			replies: []reply{googleError(404, "NOT_FOUND", "models/gemini-9 is not found for API version v1beta.")},
			check:   wantErr(llm.ErrInvalidRequest, true, `model "gemini-2.0-flash" was not found`, 1),
		},
		{
			name: "503 is unavailable", in: docInput,
			replies: []reply{googleError(503, "UNAVAILABLE", "The model is overloaded. Please try again later.")},
			check:   wantErr(llm.ErrUnavailable, false, "unavailable", 1),
		},
		{
			name: "timeout is unavailable", in: docInput, replies: []reply{{hang: true}}, timeout: 100 * time.Millisecond,
			check: wantErr(llm.ErrUnavailable, false, "did not answer in time", 1),
		},
		{
			name: "prompt blocked by safety", in: docInput,
			replies: []reply{{status: 200, body: `{"promptFeedback":{"blockReason":"SAFETY","safetyRatings":[{"category":"HARM_CATEGORY_DANGEROUS_CONTENT","probability":"HIGH"}]},"usageMetadata":{"promptTokenCount":12,"totalTokenCount":12},"modelVersion":"gemini-2.0-flash"}`}},
			check:   wantErr(llm.ErrRefused, true, "safety filter", 1),
		},
		{
			name: "candidate stopped for safety", in: docInput,
			replies: []reply{{status: 200, body: `{"candidates":[{"finishReason":"SAFETY","index":0,"safetyRatings":[{"category":"HARM_CATEGORY_HARASSMENT","probability":"HIGH","blocked":true}]}],"usageMetadata":{"promptTokenCount":12,"totalTokenCount":12}}`}},
			check:   wantErr(llm.ErrRefused, true, "safety filter", 1),
		},
		{
			name: "answer cut off", in: docInput, replies: []reply{generated(`{"process_name":"x",`, "MAX_TOKENS")},
			check: wantErr(llm.ErrInvalidRequest, true, "cut off", 1),
		},
		{
			name: "garbled answer is retryable", in: docInput, replies: []reply{generated("Here is the process:", "STOP")},
			check: wantErr(llm.ErrUnavailable, false, "not a valid process model", 1),
		},
		{
			name: "no candidates is retryable", in: docInput, replies: []reply{{status: 200, body: `{"usageMetadata":{"promptTokenCount":1}}`}},
			check: wantErr(llm.ErrUnavailable, false, "empty answer", 1),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, tc.replies...)
			p, err := New(Config{APIKey: "sys-key", BaseURL: f.URL, Timeout: cmp.Or(tc.timeout, 30*time.Second)})
			if err != nil {
				t.Fatal(err)
			}
			calls := max(tc.calls, 1)
			var res *llm.Result
			for i := range calls {
				res, err = p.Analyze(context.Background(), tc.in)
				if i == 0 && calls > 1 && strings.HasPrefix(tc.name, "429") {
					if !errors.Is(err, llm.ErrRateLimited) || failure.IsPermanent(err) {
						t.Fatalf("first call: %v, want transient ErrRateLimited", err)
					}
				}
			}
			reqs := f.requests()
			tc.check(t, res, err, reqs)
			for i, name := range tc.golden {
				testenv.GoldenJSON(t, filepath.Join("testdata", name+".json"), reqs[i].body)
			}
		})
	}
}

func TestNoKey(t *testing.T) {
	f := newFake(t, okReply())
	p, err := New(Config{BaseURL: f.URL})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Analyze(context.Background(), docInput)
	if !errors.Is(err, llm.ErrAuth) || !failure.IsPermanent(err) {
		t.Fatalf("err = %v, want permanent ErrAuth", err)
	}
	if len(f.requests()) != 0 {
		t.Fatal("a request went out without a key")
	}
	// The user's own key makes the same provider work.
	if _, err := p.Analyze(context.Background(), withKey(docInput, "user-key")); err != nil {
		t.Fatal(err)
	}
	if got := f.requests()[0].key; got != "user-key" {
		t.Fatalf("key = %q", got)
	}
}

func TestCheckKey(t *testing.T) {
	badKey := googleError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.",
		map[string]any{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"})
	tests := []struct {
		name     string
		key      string
		reply    reply
		sentinel error // nil: the key works
		requests int
	}{
		{name: "good key", key: " good ", reply: reply{status: 200, body: `{"name":"models/gemini-2.0-flash","displayName":"Gemini 2.0 Flash"}`}, requests: 1},
		{name: "bad key", key: "bad", reply: badKey, sentinel: llm.ErrAuth, requests: 1},
		{name: "rate limited", key: "good", reply: googleError(429, "RESOURCE_EXHAUSTED", "Quota exceeded."), sentinel: llm.ErrRateLimited, requests: 1},
		{name: "blank key", key: "  ", reply: reply{status: 200, body: `{}`}, sentinel: llm.ErrAuth},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var reqs []recorded
			var mu sync.Mutex
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				reqs = append(reqs, recorded{method: r.Method, path: r.URL.Path, key: r.Header.Get("x-goog-api-key")})
				mu.Unlock()
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tc.reply.status)
				_, _ = io.WriteString(w, tc.reply.body)
			}))
			defer srv.Close()
			p, _ := New(Config{BaseURL: srv.URL})
			err := p.CheckKey(context.Background(), tc.key)
			if tc.sentinel == nil && err != nil || tc.sentinel != nil && !errors.Is(err, tc.sentinel) {
				t.Fatalf("err = %v, want %v", err, tc.sentinel)
			}
			if err != nil {
				if _, ok := failure.Detail(err); !ok {
					t.Errorf("error without detail: %v", err)
				}
			}
			if d, _ := failure.Detail(err); tc.name == "bad key" && d != "Gemini rejected this key: API key not valid" {
				t.Errorf("detail %q: Settings shows it next to the key field", d)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(reqs) != tc.requests {
				t.Fatalf("%d requests, want %d", len(reqs), tc.requests)
			}
			if tc.requests > 0 && (reqs[0].method != "GET" || reqs[0].path != "/v1beta/models/gemini-2.0-flash" || reqs[0].key != strings.TrimSpace(tc.key)) {
				t.Errorf("request = %+v", reqs[0])
			}
		})
	}
}

func TestCancelledContextIsNotAVendorFailure(t *testing.T) {
	f := newFake(t, reply{hang: true})
	p, _ := New(Config{APIKey: "k", BaseURL: f.URL})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := p.Analyze(ctx, docInput)
	if !errors.Is(err, context.Canceled) || errors.Is(err, llm.ErrUnavailable) {
		t.Fatalf("err = %v, want context.Canceled only", err)
	}
}

// TestSchemaMirrorsProcessSchema checks the Gemini schema walks the same
// properties, types, enums and order as process.JSONSchema.
func TestSchemaMirrorsProcessSchema(t *testing.T) {
	var walk func(g *genai.Schema, js map[string]any, path string)
	walk = func(g *genai.Schema, js map[string]any, path string) {
		want := map[any]genai.Type{"object": genai.TypeObject, "array": genai.TypeArray, "string": genai.TypeString, "number": genai.TypeNumber, "boolean": genai.TypeBoolean}[js["type"]]
		if g.Type != want {
			t.Errorf("%s: type %s, want %s", path, g.Type, want)
		}
		if e, ok := js["enum"].([]string); ok && !slices.Equal(e, g.Enum) {
			t.Errorf("%s: enum %v, want %v", path, g.Enum, e)
		}
		switch g.Type {
		case genai.TypeObject:
			req := js["required"].([]string)
			if !slices.Equal(g.Required, req) || !slices.Equal(g.PropertyOrdering, req) || len(g.Properties) != len(req) {
				t.Errorf("%s: required %v ordering %v, want %v", path, g.Required, g.PropertyOrdering, req)
			}
			for name, sub := range js["properties"].(map[string]any) {
				if g.Properties[name] == nil {
					t.Errorf("%s: missing %s", path, name)
					continue
				}
				walk(g.Properties[name], sub.(map[string]any), path+"."+name)
			}
		case genai.TypeArray:
			walk(g.Items, js["items"].(map[string]any), path+"[]")
		}
	}
	walk(Schema(), process.JSONSchema(), "$")
}

func wantInline(mime string) func(*testing.T, *llm.Result, error, []recorded) {
	return func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			Contents []struct {
				Role  string `json:"role"`
				Parts []struct {
					Text       string `json:"text"`
					InlineData *struct {
						MimeType string `json:"mimeType"`
						Data     string `json:"data"`
					} `json:"inlineData"`
				} `json:"parts"`
			} `json:"contents"`
		}
		if err := json.Unmarshal(reqs[0].body, &body); err != nil {
			t.Fatal(err)
		}
		parts := body.Contents[0].Parts
		if len(parts) != 2 || parts[0].InlineData == nil {
			t.Fatalf("parts = %+v, want inline image then text", parts)
		}
		if parts[0].InlineData.MimeType != mime || parts[0].InlineData.Data != base64.StdEncoding.EncodeToString(pngBytes) {
			t.Errorf("inlineData = %+v, want %s", parts[0].InlineData, mime)
		}
		if !strings.Contains(parts[1].Text, "attached image") {
			t.Errorf("text part = %q", parts[1].Text)
		}
	}
}

func wantErr(sentinel error, permanent bool, detail string, requests int) func(*testing.T, *llm.Result, error, []recorded) {
	return func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
		t.Helper()
		if !errors.Is(err, sentinel) {
			t.Fatalf("err = %v, want %v", err, sentinel)
		}
		if failure.IsPermanent(err) != permanent {
			t.Errorf("permanent = %v, want %v", !permanent, permanent)
		}
		d, ok := failure.Detail(err)
		if !ok || !strings.Contains(d, detail) {
			t.Errorf("detail = %q, want it to contain %q", d, detail)
		}
		if len(reqs) != requests {
			t.Errorf("%d requests, want %d", len(reqs), requests)
		}
	}
}

func withKey(in llm.Input, key string) llm.Input { in.APIKey = key; return in }

func withProblems(in llm.Input, problems ...string) llm.Input { in.Problems = problems; return in }

// FuzzParse feeds arbitrary generateContent bodies through the answer
// parser: it must never panic, and every failure must carry a user detail
// and a sentinel.
func FuzzParse(f *testing.F) {
	f.Add(okReply().body)
	f.Add(generated("not json", "STOP").body)
	f.Add(generated(`{"process_name":"x"`, "MAX_TOKENS").body)
	f.Add(`{"promptFeedback":{"blockReason":"OTHER"}}`)
	f.Add(`{"candidates":[null]}`)
	f.Add(`{"candidates":[{"content":{"parts":[null,{"text":"{}"}]}}]}`)
	f.Add(`{"candidates":[{"content":{"parts":[{"text":"{\"a\":1}","thought":true},{"text":"{}"}]}}],"usageMetadata":{"thoughtsTokenCount":5}}`)
	f.Fuzz(func(t *testing.T, body string) {
		var resp genai.GenerateContentResponse
		if err := json.Unmarshal([]byte(body), &resp); err != nil {
			t.Skip()
		}
		res, err := parse(&resp, "m")
		if err == nil {
			if res == nil {
				t.Fatal("nil result without error")
			}
			return
		}
		if _, ok := failure.Detail(err); !ok {
			t.Fatalf("error without detail: %v", err)
		}
		if !errors.Is(err, llm.ErrUnavailable) && !errors.Is(err, llm.ErrRefused) && !errors.Is(err, llm.ErrInvalidRequest) {
			t.Fatalf("error without sentinel: %v", err)
		}
	})
}
