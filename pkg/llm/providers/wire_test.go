package providers

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/process"
)

// These tests run the whole LLM path of one analysis (retries, the compact
// retry after a cut-off answer, validation and the corrective round trip)
// against local servers speaking the Gemini and OpenAI wire formats, one
// failure case at a time, and assert what the user sees: the stage texts
// while the analysis waits, how many calls went out, and the final detail.

// answer is one canned HTTP answer of a fake vendor server.
type answer struct {
	status     int
	retryAfter string
	// model is the process model JSON the vendor returns as its text.
	model  string
	finish string // "" = normal end
	// errCode, errMsg describe a vendor error (status >= 400).
	errCode, errMsg string
	hang            bool
}

// vendor renders answers in one vendor's wire format.
type vendor struct {
	name     string
	provider func(base, key string, timeout time.Duration) (llm.Provider, error)
	body     func(a answer) string
	// badKey is the vendor's answer to an invalid key.
	badKey answer
	// cut is the vendor's finish reason for an answer cut off at the limit.
	cut string
	// contextLength is the vendor's answer to a prompt over the window.
	contextLength answer
}

var vendors = []vendor{
	{
		name: "gemini",
		provider: func(base, key string, timeout time.Duration) (llm.Provider, error) {
			return New(Config{Provider: Gemini, GeminiAPIKey: key, BaseURL: base, Timeout: timeout}, nil)
		},
		body: func(a answer) string {
			if a.status >= 400 {
				e := map[string]any{"code": a.status, "message": a.errMsg, "status": a.errCode}
				if a.errCode == "INVALID_ARGUMENT" && strings.Contains(a.errMsg, "API key") {
					e["details"] = []any{map[string]any{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com"}}
				}
				b, _ := json.Marshal(map[string]any{"error": e})
				return string(b)
			}
			b, _ := json.Marshal(map[string]any{
				"candidates": []any{map[string]any{
					"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": a.model}}},
					"finishReason": cmpOr(a.finish, "STOP"), "index": 0,
				}},
				"usageMetadata": map[string]any{"promptTokenCount": 2100, "candidatesTokenCount": 3400, "totalTokenCount": 5500},
				"modelVersion":  "gemini-2.0-flash-001",
			})
			return string(b)
		},
		badKey:        answer{status: 400, errCode: "INVALID_ARGUMENT", errMsg: "API key not valid. Please pass a valid API key."},
		cut:           "MAX_TOKENS",
		contextLength: answer{status: 400, errCode: "INVALID_ARGUMENT", errMsg: "The input token count (1201000) exceeds the maximum number of tokens allowed (1048576)."},
	},
	{
		name: "openai",
		provider: func(base, key string, timeout time.Duration) (llm.Provider, error) {
			return New(Config{Provider: OpenAI, OpenAIAPIKey: key, BaseURL: base, Timeout: timeout}, nil)
		},
		body: func(a answer) string {
			if a.status >= 400 {
				b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": a.errMsg, "type": "invalid_request_error", "param": nil, "code": a.errCode}})
				return string(b)
			}
			b, _ := json.Marshal(map[string]any{
				"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-mini-2024-07-18",
				"choices": []any{map[string]any{"index": 0, "finish_reason": cmpOr(a.finish, "stop"),
					"message": map[string]any{"role": "assistant", "content": a.model}}},
				"usage": map[string]any{"prompt_tokens": 2100, "completion_tokens": 3400, "total_tokens": 5500},
			})
			return string(b)
		},
		badKey:        answer{status: 401, errCode: "invalid_api_key", errMsg: "Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys."},
		cut:           "length",
		contextLength: answer{status: 400, errCode: "context_length_exceeded", errMsg: "This model's maximum context length is 128000 tokens. However, your messages resulted in 301000 tokens."},
	},
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// fakeVendor answers from a queue (the last answer repeats) and records
// every request body.
type fakeVendor struct {
	*httptest.Server
	mu      sync.Mutex
	answers []answer
	bodies  []string
}

func newFakeVendor(t testing.TB, v vendor, answers ...answer) *fakeVendor {
	t.Helper()
	f := &fakeVendor{answers: answers}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.bodies = append(f.bodies, string(body))
		a := f.answers[0]
		if len(f.answers) > 1 {
			f.answers = f.answers[1:]
		}
		f.mu.Unlock()
		if a.hang {
			<-r.Context().Done()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if a.retryAfter != "" {
			w.Header().Set("Retry-After", a.retryAfter)
		}
		w.WriteHeader(cmpInt(a.status, http.StatusOK))
		_, _ = io.WriteString(w, v.body(a))
	}))
	t.Cleanup(f.Close)
	return f
}

func cmpInt(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

func (f *fakeVendor) requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.bodies)
}

// claimModel is a realistic answer for testdata/claim.txt that uses every
// construct of the version 2 model.
func claimModel(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("../testdata/claim-answer.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func claimInput(t testing.TB, key string) llm.Input {
	t.Helper()
	text, err := os.ReadFile("../testdata/claim.txt")
	if err != nil {
		t.Fatal(err)
	}
	return llm.Input{Kind: llm.KindDocument, Filename: "claim.txt", Text: string(text), APIKey: key}
}

// stepClock is a retry clock that moves only when the policy sleeps, so no
// test waits for a back-off.
type stepClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *stepClock) policy() llm.RetryPolicy {
	return llm.RetryPolicy{
		Now: func() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now },
		Sleep: func(_ context.Context, d time.Duration) error {
			c.mu.Lock()
			c.now = c.now.Add(d)
			c.mu.Unlock()
			return nil
		},
		Jitter: func(d time.Duration) time.Duration { return d },
	}
}

func TestFailureCasesOnTheWire(t *testing.T) {
	refusedURL := func(t *testing.T) string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		_ = l.Close() // nobody listens there now: connection refused
		return "http://" + addr
	}
	for _, v := range vendors {
		model := claimModel(t)
		tests := []struct {
			name    string
			answers []answer
			userKey string
			timeout time.Duration
			baseURL func(t *testing.T) string
			// calls is the number of requests the vendor sees.
			calls int
			texts []string
			// detail of the final failure ("" = the analysis succeeds).
			detail string
			class  llm.Class
			check  func(t *testing.T, res *llm.Result, bodies []string)
			// raw skips validation and repair: what the provider hands over.
			raw bool
		}{
			{
				name: "bad key fails at once with what to do", answers: []answer{v.badKey}, userKey: "wrong-key", calls: 1,
				detail: "Check your API key in Settings.", class: llm.UserFault,
			},
			{
				name:    "429 with Retry-After twice, then the answer",
				answers: []answer{{status: 429, retryAfter: "40", errCode: "RESOURCE_EXHAUSTED", errMsg: "Resource has been exhausted."}, {status: 429, retryAfter: "12", errCode: "RESOURCE_EXHAUSTED", errMsg: "Resource has been exhausted."}, {model: model}},
				calls:   3,
				texts: []string{
					"The AI provider is busy (rate limit). Retry 1 of 5 in 40 s", "Analyzing the process (retry 1 of 5)",
					"The AI provider is busy (rate limit). Retry 2 of 5 in 12 s", "Analyzing the process (retry 2 of 5)",
				},
			},
			{
				name: "500 until the retries are used up", answers: []answer{{status: 500, errCode: "INTERNAL", errMsg: "An internal error has occurred."}},
				calls: 6,
				texts: []string{
					"The AI provider is unavailable (server error). Retry 1 of 5 in 5 s", "Analyzing the process (retry 1 of 5)",
					"The AI provider is unavailable (server error). Retry 2 of 5 in 10 s", "Analyzing the process (retry 2 of 5)",
					"The AI provider is unavailable (server error). Retry 3 of 5 in 20 s", "Analyzing the process (retry 3 of 5)",
					"The AI provider is unavailable (server error). Retry 4 of 5 in 40 s", "Analyzing the process (retry 4 of 5)",
					"The AI provider is unavailable (server error). Retry 5 of 5 in 80 s", "Analyzing the process (retry 5 of 5)",
				},
				detail: "The AI provider is unavailable (server error). SPADE tried 6 times over 2 min 35 s. Please try again later.", class: llm.ProviderFault,
			},
			{
				name: "a hanging provider times out on every try", answers: []answer{{hang: true}}, timeout: 50 * time.Millisecond,
				calls:  6,
				detail: "The AI provider did not answer in time. SPADE tried 6 times", class: llm.ProviderFault,
			},
			{
				name: "connection refused: two tries within 30 s", baseURL: refusedURL, calls: 2,
				texts:  []string{"The AI provider could not be reached. Retry 1 of 5 in 5 s", "Analyzing the process (retry 1 of 5)"},
				detail: "ask your administrator to check the AI provider settings", class: llm.ProviderFault,
			},
			{
				name: "a cut-off answer is asked for again in compact form", answers: []answer{{model: model[:len(model)/2], finish: v.cut}, {model: model}},
				calls: 2,
				check: func(t *testing.T, res *llm.Result, bodies []string) {
					if strings.Contains(bodies[0], "cut off because it was longer") || !strings.Contains(bodies[1], "cut off because it was longer") {
						t.Error("the second request does not ask for a compact answer")
					}
				},
			},
			{
				name: "cut off twice fails with what to do", answers: []answer{{model: model[:100], finish: v.cut}},
				calls: 2, detail: "Try a shorter document", class: llm.ProviderFault,
			},
			{
				name: "context length error", answers: []answer{v.contextLength}, calls: 1,
				detail: "The document is too long for the AI model's context window.", class: llm.ProviderFault,
			},
			{
				name: "a v2 answer arrives with every construct, valid as it is", answers: []answer{{model: model}}, calls: 1,
				check: func(t *testing.T, res *llm.Result, _ []string) {
					var want process.Model
					if err := json.Unmarshal([]byte(model), &want); err != nil {
						t.Fatal(err)
					}
					m := res.Model
					if len(m.Pools) != 3 || !m.Pools[1].Collapsed || len(m.MessageFlows) != 7 || len(m.Data) != 2 ||
						len(m.DataAssociations) != 3 || len(m.Annotations) != 1 {
						t.Errorf("collaboration lost: %d pools, %d message flows, %d data, %d associations, %d annotations",
							len(m.Pools), len(m.MessageFlows), len(m.Data), len(m.DataAssociations), len(m.Annotations))
					}
					kinds := map[string]bool{}
					for _, a := range m.Activities {
						kinds["type:"+a.Type] = true
						kinds["marker:"+a.Marker] = true
						if a.Parent != "" {
							kinds["nested"] = true
						}
					}
					for _, e := range m.Events {
						kinds["event:"+e.Type+"/"+e.Trigger] = true
						if e.Type == process.EventBoundary && e.AttachedTo != "" {
							kinds["attached"] = true
						}
						if e.NonInterrupting {
							kinds["non-interrupting"] = true
						}
						if e.Timer == "14 days" {
							kinds["timer text"] = true
						}
					}
					for _, f := range m.Flows {
						if f.Default {
							kinds["default flow"] = true
						}
						if f.Condition == "Partner garage repair" {
							kinds["either/or label"] = true
						}
						if f.Source == "a13" && f.Target == "a12" {
							kinds["rework loop"] = true
						}
					}
					for _, k := range []string{"type:send", "type:receive", "type:user", "type:business_rule", "type:subprocess", "marker:parallel", "marker:loop",
						"nested", "event:boundary/timer", "event:boundary/error", "event:intermediate/message", "event:start/message", "attached",
						"non-interrupting", "timer text", "default flow", "either/or label", "rework loop"} {
						if !kinds[k] {
							t.Errorf("the answer lost %s", k)
						}
					}
				},
			},
			{
				name: "a schema-violating answer is mended by the corrective round trip",
				answers: []answer{
					// JSON mode on a local server: the required activities are
					// missing and the enums are made up.
					{model: `{"process_name":"Motor claim handling","process_purpose":"","pools":[],"participants":[{"name":"Claims Clerk","description":"","pool":""}],` +
						`"gateways":[{"id":"g1","type":"xor","name":"Covered?","performer":"","pool":"","parent":"","specification":"","source":""}],` +
						`"events":[{"id":"e1","type":"begin","trigger":"mail","throw":false,"name":"Damage reported","timer":"","attached_to":"","non_interrupting":false,"performer":"","pool":"","parent":"","source":""}],` +
						`"flows":[{"id":"f1","source":"e1","target":"a1","condition":"","default":false},{"id":"f2","source":"a1","target":"a99","condition":"","default":false}],` +
						`"message_flows":[],"data":[],"data_associations":[],"annotations":[]}`},
					{model: model},
				},
				calls: 2,
				check: func(t *testing.T, res *llm.Result, bodies []string) {
					if !strings.Contains(bodies[1], "A previous answer for this input had these problems") {
						t.Error("the corrective request does not list the problems")
					}
					if len(res.Model.MessageFlows) != 7 || len(res.Model.Pools) != 3 {
						t.Errorf("the corrected answer was not used: %d message flows", len(res.Model.MessageFlows))
					}
					if res.Usage.TotalTokens != 11000 {
						t.Errorf("tokens %d, want both calls counted (11000)", res.Usage.TotalTokens)
					}
				},
			},
		}
		for _, tc := range tests {
			t.Run(v.name+"/"+tc.name, func(t *testing.T) {
				var base string
				var fake *fakeVendor
				if tc.baseURL != nil {
					base = tc.baseURL(t)
				} else {
					fake = newFakeVendor(t, v, tc.answers...)
					base = fake.URL
				}
				p, err := v.provider(base, "system-key", cmpDur(tc.timeout, 30*time.Second))
				if err != nil {
					t.Fatal(err)
				}
				clock := &stepClock{now: time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)}
				var texts []string
				counted := &counting{Provider: p}
				retrying := llm.Retrying(counted, clock.policy(), func(_ context.Context, e llm.RetryEvent) { texts = append(texts, e.Text()) })
				analyze := llm.AnalyzeValidated
				if tc.raw {
					analyze = func(ctx context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
						return p.Analyze(ctx, in)
					}
				}
				res, err := analyze(context.Background(), retrying, claimInput(t, tc.userKey))
				var bodies []string
				if fake != nil {
					bodies = fake.requests()
				}
				if counted.calls != tc.calls {
					t.Errorf("%d calls, want %d", counted.calls, tc.calls)
				}
				if tc.texts != nil && !slices.Equal(texts, tc.texts) {
					t.Errorf("stage texts:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(tc.texts, "\n"))
				}
				if tc.detail == "" {
					if err != nil {
						t.Fatalf("analysis failed: %v", err)
					}
					if tc.check != nil {
						tc.check(t, res, bodies)
					}
					return
				}
				if err == nil {
					t.Fatal("analysis succeeded, want a failure")
				}
				d, _ := failure.Detail(err)
				if !strings.Contains(d, tc.detail) || !failure.IsPermanent(err) {
					t.Errorf("detail %q (permanent %v), want a permanent failure containing %q", d, failure.IsPermanent(err), tc.detail)
				}
				if strings.Contains(d, "will be retried") {
					t.Errorf("a final detail promises a retry: %q", d)
				}
				if c := llm.Classify(err); c != tc.class {
					t.Errorf("class %s, want %s", c, tc.class)
				}
			})
		}
	}
}

// counting counts the calls that reach the vendor package: a request the
// client gave up on may never reach the fake server's handler.
type counting struct {
	llm.Provider
	calls int
}

func (c *counting) Analyze(ctx context.Context, in llm.Input) (*llm.Result, error) {
	c.calls++
	return c.Provider.Analyze(ctx, in)
}

func cmpDur(a, b time.Duration) time.Duration {
	if a != 0 {
		return a
	}
	return b
}
