// Package fakellm is an OpenAI-compatible chat completions server for load
// tests and benchmarks: it waits a fixed latency (a simulated LLM) and
// answers a small valid process model, so that the whole pipeline runs
// without a real model and without the internet.
package fakellm

import (
	"encoding/json"
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// Server answers /v1/chat/completions after Delay.
type Server struct {
	Delay time.Duration
	// Calls counts completions answered.
	Calls atomic.Int64
	// InFlight is the number of calls being answered now.
	InFlight atomic.Int64
}

// model is the answer: start → check → approve → end, with SIPOC.
const model = `{"process_name":"Invoice approval","process_purpose":"Pay correct invoices.",
"participants":[{"name":"Clerk"},{"name":"Manager"}],
"activities":[
 {"id":"a1","name":"Check invoice","performer":"Clerk","sipoc":{"suppliers":["Supplier"],"inputs":["Invoice"],"outputs":["Checked invoice"],"customers":["Manager"],"systems":["ERP"]},"work_time_minutes":10,"wait_time_minutes":60,"source":"The clerk checks the invoice."},
 {"id":"a2","name":"Approve invoice","performer":"Manager","sipoc":{"suppliers":["Clerk"],"inputs":["Checked invoice"],"outputs":["Approved invoice"],"customers":["Accountant"],"systems":["ERP"]},"work_time_minutes":5,"wait_time_minutes":120,"source":"The manager approves the invoice."}],
"gateways":[],
"events":[{"id":"e1","type":"start","trigger":"none","name":"Start"},{"id":"e2","type":"end","trigger":"none","name":"End"}],
"flows":[{"id":"f1","source":"e1","target":"a1"},{"id":"f2","source":"a1","target":"a2"},{"id":"f3","source":"a2","target":"e2"}]}`

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/v1/models":
		_, _ = io.WriteString(w, `{"object":"list","data":[{"id":"fake-model","object":"model","owned_by":"spade"}]}`)
		return
	case r.Method == http.MethodPost && r.URL.Path == "/v1/chat/completions":
	default:
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"error":{"message":"not found","type":"invalid_request_error"}}`)
		return
	}
	s.InFlight.Add(1)
	defer s.InFlight.Add(-1)
	select {
	case <-time.After(s.Delay):
	case <-r.Context().Done():
		return
	}
	s.Calls.Add(1)
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion", "created": time.Now().Unix(), "model": "fake-model",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": model}}},
		"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 300, "total_tokens": 1300},
	})
	_, _ = w.Write(b)
}
