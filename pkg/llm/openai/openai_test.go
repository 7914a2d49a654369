package openai

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

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
	method, path, auth, contentType string
	body                            []byte
}

// fakeOpenAI speaks the chat completions wire format: POST
// /v1/chat/completions with a Bearer key, answering from a queue of replies
// (the last one repeats).
type fakeOpenAI struct {
	*httptest.Server
	mu      sync.Mutex
	replies []reply
	reqs    []recorded
}

func newFake(t *testing.T, replies ...reply) *fakeOpenAI {
	t.Helper()
	f := &fakeOpenAI{replies: replies}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeOpenAI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.reqs = append(f.reqs, recorded{r.Method, r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("Content-Type"), body})
	rep := f.replies[0]
	if len(f.replies) > 1 {
		f.replies = f.replies[1:]
	}
	f.mu.Unlock()
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"error":{"message":"Invalid URL","type":"invalid_request_error","code":null}}`)
		return
	}
	if rep.hang {
		<-r.Context().Done()
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.status)
	_, _ = io.WriteString(w, rep.body)
}

func (f *fakeOpenAI) requests() []recorded {
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

// completion builds a chat completion response body carrying content.
func completion(content, finish string) string {
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-mini-2024-07-18",
		"choices": []any{map[string]any{
			"index": 0, "finish_reason": finish,
			"message": map[string]any{"role": "assistant", "content": content},
		}},
		"usage": map[string]any{"prompt_tokens": 1200, "completion_tokens": 345, "total_tokens": 1545},
	})
	return string(b)
}

func okReply() reply {
	m, _ := json.Marshal(sampleModel())
	return reply{status: 200, body: completion(string(m), "stop")}
}

func apiError(status int, typ, code, msg string) reply {
	b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": code}})
	return reply{status: status, body: string(b)}
}

var (
	docInput   = llm.Input{Kind: llm.KindDocument, Filename: "invoice.txt", Text: "The clerk checks the invoice in the ERP. It takes 10 minutes."}
	imageInput = llm.Input{Kind: llm.KindImage, Filename: "flow.png", Image: []byte("\x89PNG\r\n\x1a\nfake"), MIMEType: "image/png"}
)

func TestAnalyze(t *testing.T) {
	unsupported := apiError(400, "invalid_request_error", "", "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.")
	tests := []struct {
		name    string
		mode    string
		in      llm.Input
		replies []reply
		// calls is how many times Analyze runs on the same provider.
		calls int
		// timeout overrides the generous default per-call time-out.
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
				if res.ModelName != "gpt-4o-mini-2024-07-18" {
					t.Errorf("model name = %q", res.ModelName)
				}
				r := reqs[0]
				if r.method != "POST" || r.path != "/v1/chat/completions" || r.auth != "Bearer sys-key" || r.contentType != "application/json" {
					t.Errorf("request = %s %s auth %q type %q", r.method, r.path, r.auth, r.contentType)
				}
			},
		},
		{
			name: "image is sent as a data URL", in: imageInput, replies: []reply{okReply()},
			golden: []string{"image"},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Contains(reqs[0].body, []byte(`"url":"data:image/png;base64,iVBORw0KGgpmYWtl"`)) {
					t.Errorf("image_url missing: %s", reqs[0].body)
				}
			},
		},
		{
			name: "user key wins over system key", in: withKey(docInput, "user-key"), replies: []reply{okReply()},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatal(err)
				}
				if reqs[0].auth != "Bearer user-key" {
					t.Errorf("auth = %q", reqs[0].auth)
				}
			},
		},
		{
			name: "429 is retryable and the retry succeeds", in: docInput, calls: 2,
			replies: []reply{apiError(429, "requests", "rate_limit_exceeded", "Rate limit reached for gpt-4o-mini"), okReply()},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				// check sees the last call; the first is asserted in firstErr below.
				if err != nil {
					t.Fatalf("retry failed: %v", err)
				}
				if len(reqs) != 2 {
					t.Fatalf("%d requests, want 2", len(reqs))
				}
			},
		},
		{
			name: "429 insufficient quota is an auth failure", in: docInput,
			replies: []reply{apiError(429, "insufficient_quota", "insufficient_quota", "You exceeded your current quota, please check your plan and billing details.")},
			check:   wantErr(llm.ErrAuth, true, "run out of quota", 1),
		},
		{
			name: "context length error is permanent and says so", in: docInput,
			replies: []reply{apiError(400, "invalid_request_error", "context_length_exceeded", "This model's maximum context length is 128000 tokens.")},
			check:   wantErr(llm.ErrContextLength, true, "too long for the AI model's context window", 1),
		},
		{
			name: "400 is permanent and not retried", in: docInput,
			replies: []reply{apiError(400, "invalid_request_error", "invalid_value", "Invalid value for 'temperature'.")},
			check:   wantErr(llm.ErrInvalidRequest, true, "Invalid value for 'temperature'", 1),
		},
		{
			name: "401 with system key", in: docInput,
			replies: []reply{apiError(401, "invalid_request_error", "invalid_api_key", "Incorrect API key provided: sk-xxx.")},
			check:   wantErr(llm.ErrAuth, true, "Ask the administrator", 1),
		},
		{
			name: "401 with user key", in: withKey(docInput, "bad"),
			replies: []reply{apiError(401, "invalid_request_error", "invalid_api_key", "Incorrect API key provided.")},
			check:   wantErr(llm.ErrAuth, true, "rejected the API key. Check your API key in Settings.", 1),
		},
		{
			name: "404 unknown model", in: docInput,
			replies: []reply{apiError(404, "invalid_request_error", "model_not_found", "The model `gpt-9` does not exist.")},
			check:   wantErr(llm.ErrInvalidRequest, true, `model "gpt-4o-mini" was not found`, 1),
		},
		{
			name: "503 is unavailable", in: docInput,
			replies: []reply{{status: 503, body: "<html>Service Unavailable</html>"}},
			check:   wantErr(llm.ErrUnavailable, false, "unavailable", 1),
		},
		{
			name: "timeout is unavailable", in: docInput, replies: []reply{{hang: true}}, timeout: 100 * time.Millisecond,
			check: wantErr(llm.ErrUnavailable, false, "did not answer in time", 1),
		},
		{
			name: "content filter is a refusal", in: docInput, replies: []reply{{status: 200, body: completion("", "content_filter")}},
			check: wantErr(llm.ErrRefused, true, "refused", 1),
		},
		{
			name: "structured output refusal", in: docInput,
			replies: []reply{{status: 200, body: `{"id":"x","model":"gpt-4o","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":null,"refusal":"I can't help with that."}}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`}},
			check:   wantErr(llm.ErrRefused, true, "refused", 1),
		},
		{
			name: "truncated answer", in: docInput, replies: []reply{{status: 200, body: completion(`{"process_name":"x",`, "length")}},
			check: wantErr(llm.ErrInvalidRequest, true, "cut off", 1),
		},
		{
			name: "garbled answer is retryable", in: docInput, replies: []reply{{status: 200, body: completion("Sure! Here is the process.", "stop")}},
			check: wantErr(llm.ErrUnavailable, false, "not a valid process model", 1),
		},
		{
			name: "json_schema unsupported falls back to json_object and remembers it", in: docInput, calls: 2,
			replies: []reply{unsupported, okReply()},
			golden:  []string{"", "fallback_object", "fallback_object"},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatal(err)
				}
				if len(reqs) != 3 {
					t.Fatalf("%d requests, want schema, object, object", len(reqs))
				}
				for i, want := range []string{"json_schema", "json_object", "json_object"} {
					if got := responseFormat(t, reqs[i].body); got != want {
						t.Errorf("request %d response_format = %q, want %q", i, got, want)
					}
				}
			},
		},
		{
			name: "vLLM-style top-level error also triggers the fallback", in: docInput,
			replies: []reply{{status: 400, body: `{"object":"error","message":"response_format json_schema is not supported by this server","type":"BadRequestError","param":null,"code":400}`}, okReply()},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatal(err)
				}
				if len(reqs) != 2 || responseFormat(t, reqs[1].body) != "json_object" {
					t.Fatalf("%d requests, want a json_object retry", len(reqs))
				}
			},
		},
		{
			name: "schema mode does not fall back", mode: JSONSchema, in: docInput, replies: []reply{unsupported},
			check: wantErr(llm.ErrInvalidRequest, true, "not supported", 1),
		},
		{
			name: "object mode accepts a fenced answer", mode: JSONObject, in: docInput,
			replies: []reply{{status: 200, body: completion("```json\n"+mustJSON(sampleModel())+"\n```", "stop")}},
			check: func(t *testing.T, res *llm.Result, err error, reqs []recorded) {
				if err != nil {
					t.Fatal(err)
				}
				if res.Model.ProcessName != "Invoice approval" || responseFormat(t, reqs[0].body) != "json_object" {
					t.Errorf("got %q via %s", res.Model.ProcessName, responseFormat(t, reqs[0].body))
				}
			},
		},
		{
			name: "text-only model given an image", in: imageInput,
			replies: []reply{apiError(400, "invalid_request_error", "", "Invalid content type. image_url is only supported by certain models.")},
			check:   wantErr(llm.ErrInvalidRequest, true, "cannot read images", 1),
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
			name: "unsupported image type", in: llm.Input{Kind: llm.KindImage, Image: []byte("x"), MIMEType: "image/tiff"}, replies: []reply{okReply()},
			check: wantErr(llm.ErrInvalidRequest, true, "JPG, PNG", 0),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, tc.replies...)
			p, err := New(Config{APIKey: "sys-key", BaseURL: f.URL + "/v1", JSONMode: tc.mode, Timeout: cmp.Or(tc.timeout, 30*time.Second), Logger: slog.New(slog.DiscardHandler)})
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
				if name != "" {
					testenv.GoldenJSON(t, filepath.Join("testdata", name+".json"), reqs[i].body)
				}
			}
		})
	}
}

func TestNewBaseURL(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"", DefaultBaseURL, ""},
		{"http://localhost:11434", "http://localhost:11434/v1", ""},
		{"http://localhost:1234/v1/", "http://localhost:1234/v1", ""},
		{"https://vllm.internal/openai/v1", "https://vllm.internal/openai/v1", ""},
		{"localhost:11434", "", "not an http(s) URL"},
	}
	for _, tc := range tests {
		p, err := New(Config{BaseURL: tc.in})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || p.BaseURL() != tc.want {
			t.Errorf("%q: got %v %v, want %q", tc.in, p, err, tc.want)
		}
	}
	if _, err := New(Config{JSONMode: "xml"}); err == nil {
		t.Error("bad JSON mode accepted")
	}
}

func TestCancelledContextIsNotAVendorFailure(t *testing.T) {
	f := newFake(t, reply{hang: true})
	p, _ := New(Config{BaseURL: f.URL + "/v1"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := p.Analyze(ctx, docInput)
	if !errors.Is(err, context.Canceled) || errors.Is(err, llm.ErrUnavailable) {
		t.Fatalf("err = %v, want context.Canceled only", err)
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

func mustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

func responseFormat(t *testing.T, body []byte) string {
	t.Helper()
	var req struct {
		ResponseFormat struct {
			Type string `json:"type"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	return req.ResponseFormat.Type
}

// FuzzParse feeds arbitrary model output through the answer parser: it must
// never panic, and every failure must carry a user detail and a sentinel.
func FuzzParse(f *testing.F) {
	f.Add(mustJSON(sampleModel()), "stop")
	f.Add("```json\n{\"process_name\":\"x\"}\n```", "stop")
	f.Add("```", "stop")
	f.Add("", "content_filter")
	f.Add(`{"process_name":`, "length")
	f.Add(`{"activities":[{"work_time_minutes":"ten"}]}`, "stop")
	f.Fuzz(func(t *testing.T, content, finish string) {
		var resp goopenai.ChatCompletionResponse
		if err := json.Unmarshal([]byte(completion(content, finish)), &resp); err != nil {
			t.Skip()
		}
		res, err := parse(resp, "m")
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
