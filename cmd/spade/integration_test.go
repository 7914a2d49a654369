package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/testenv"
	"github.com/spade-bpmn/spade/worker"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// stack is a running api + worker on real services (setup starts one).
type stack struct {
	t      testing.TB
	app    *App
	api    *api.Server
	srv    *httptest.Server
	base   string // the server's URL
	worker *worker.Worker
	client *http.Client
	cookie *http.Cookie
	acct   string
	hook   func(*pipeline.Pipeline)
}

// newStack is setup with a signed-in user, on the given database and
// Redis, its configuration exported for the commands a test runs.
func newStack(t testing.TB, dbURL, redisURL string, hook func(*pipeline.Pipeline)) *stack {
	t.Helper()
	return setup(t, stackOptions{DB: dbURL, Redis: redisURL, Hook: hook, SignIn: true, Export: true})
}

func (s *stack) startWorker() {
	s.t.Helper()
	w, err := s.app.newWorker()
	if err != nil {
		s.t.Fatal(err)
	}
	if s.hook != nil {
		s.hook(workerPipeline(w))
	}
	if err := w.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.worker = w
	s.t.Cleanup(func() {
		if s.worker == w {
			w.Shutdown()
			s.worker = nil
		}
	})
}

func (s *stack) stopWorker() {
	if s.worker != nil {
		s.worker.Shutdown()
		s.worker = nil
	}
}

func (s *stack) do(method, path string, body io.Reader, ctype string) (*http.Response, []byte) {
	s.t.Helper()
	req, _ := http.NewRequest(method, s.srv.URL+path, body)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	req.AddCookie(s.cookie)
	req.Header.Set("X-Account-ID", s.acct)
	res, err := s.client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

func multipartBody(t testing.TB, files map[string][]byte) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for name, data := range files {
		fw, err := w.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	w.Close()
	return &buf, w.FormDataContentType()
}

func (s *stack) upload(path, name string, data []byte) (int, analysis.View, string) {
	s.t.Helper()
	body, ct := multipartBody(s.t, map[string][]byte{name: data})
	res, b := s.do(http.MethodPost, path, body, ct)
	var v analysis.View
	_ = json.Unmarshal(b, &v)
	return res.StatusCode, v, string(b)
}

// waitFor polls the analysis until done says so.
func (s *stack) waitFor(id string, d time.Duration, done func(v analysis.View) bool) analysis.View {
	s.t.Helper()
	return s.waitForEvery(id, d, 20*time.Millisecond, done)
}

func (s *stack) waitForEvery(id string, d, every time.Duration, done func(v analysis.View) bool) analysis.View {
	s.t.Helper()
	deadline := time.Now().Add(d)
	for {
		res, b := s.do(http.MethodGet, "/api/document/"+id, nil, "")
		if res.StatusCode != http.StatusOK {
			s.t.Fatalf("GET document %s: %d %s", id, res.StatusCode, b)
		}
		var v analysis.View
		if err := json.Unmarshal(b, &v); err != nil {
			s.t.Fatal(err)
		}
		if done(v) {
			return v
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("analysis %s not done after %s: status=%s stage=%s graph=%s detail=%q", id, d, v.Status, v.Stage, v.Graph.Status, v.Detail)
		}
		time.Sleep(every)
	}
}

func finished(v analysis.View) bool {
	return v.Status == analysis.StatusFailed || (v.Status == analysis.StatusCompleted && v.Graph.Status != analysis.GraphPending && v.Graph.Status != analysis.GraphBuilding)
}

const sampleTXT = `Invoice approval process

The purpose of this process is to approve supplier invoices before payment.
The clerk receives the invoice by e-mail. The clerk enters the invoice in SAP, which takes 10 minutes.
The manager reviews the invoice. If the amount is above 1000 EUR, the director approves the invoice.
Otherwise the manager approves the invoice. The accountant pays the invoice within 2 days.
`

func validateXSD(t *testing.T, xml []byte) {
	t.Helper()
	xsd := filepath.Join(testenv.SharedTestdata(t), "xsd", "BPMN20.xsd")
	f := filepath.Join(t.TempDir(), "out.bpmn")
	if err := os.WriteFile(f, xml, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("xmllint", "--noout", "--schema", xsd, f).CombinedOutput()
	if err != nil {
		t.Fatalf("BPMN does not validate against BPMN20.xsd: %v\n%s", err, out)
	}
}

func TestUploadToGraph(t *testing.T) {
	redisURL := testenv.Redis(t)
	for name, dbURL := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) {
			s := newStack(t, dbURL, redisURL, nil)
			s.app.Queue.Redis.FlushAll(context.Background())
			code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
			if code != http.StatusAccepted {
				t.Fatalf("upload: %d %s", code, body)
			}
			done := s.waitFor(v.ID, 30*time.Second, finished)
			if done.Status != analysis.StatusCompleted {
				t.Fatalf("status %s detail %q", done.Status, done.Detail)
			}
			if done.CurrentStage != analysis.CompletedText || done.Progress != 100 {
				t.Errorf("current_stage %q progress %d", done.CurrentStage, done.Progress)
			}
			want := []string{"queued", "extracting_text", "analyzing", "building_model", "completed"}
			var got []string
			for _, m := range done.Stages {
				got = append(got, m.Stage)
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("stages = %v, want %v", got, want)
			}
			for _, sec := range []string{"=== Process Purpose ===", "=== Participants ===", "=== Sequential Activities with SIPOC ==="} {
				if !strings.Contains(done.FormattedText, sec) {
					t.Errorf("formatted_text lacks %s", sec)
				}
			}
			if done.ProcessName == "" || done.Metadata.APIKeySource != llm.KeyBuiltin || done.TotalTokens == 0 {
				t.Errorf("process_name %q key source %q tokens %d", done.ProcessName, done.Metadata.APIKeySource, done.TotalTokens)
			}
			res, b := s.do(http.MethodGet, "/api/check-graph/"+v.ID, nil, "")
			if res.StatusCode != 200 || !strings.Contains(string(b), `"exists":true`) {
				t.Fatalf("check-graph: %d %s", res.StatusCode, b)
			}
			res, xml := s.do(http.MethodGet, "/api/bpmn/"+v.ID, nil, "")
			if res.StatusCode != 200 {
				t.Fatalf("bpmn: %d %s", res.StatusCode, xml)
			}
			validateXSD(t, xml)
			res, b = s.do(http.MethodGet, "/api/recent?analyzer_type=document", nil, "")
			if res.StatusCode != 200 || !strings.Contains(string(b), `"original_filename":"invoice.txt"`) {
				t.Fatalf("recent: %d %s", res.StatusCode, b)
			}
			res, _ = s.do(http.MethodDelete, "/api/cached-analysis/"+v.ID, nil, "")
			if res.StatusCode != 200 {
				t.Fatalf("delete: %d", res.StatusCode)
			}
			res, b = s.do(http.MethodGet, "/api/document/"+v.ID, nil, "")
			if res.StatusCode != 404 || !strings.Contains(string(b), `"detail"`) {
				t.Fatalf("after delete: %d %s", res.StatusCode, b)
			}
		})
	}
}

func TestUploadValidation(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	big := bytes.Repeat([]byte("a"), 10<<20+1)
	tests := []struct {
		name   string
		path   string
		files  map[string][]byte
		status int
		detail string
	}{
		{"too big", "/api/analyze", map[string][]byte{"big.txt": big}, 413, "File size (10.0MB) exceeds 10MB limit"},
		{"wrong type", "/api/analyze", map[string][]byte{"x.exe": []byte("MZ\x90\x00")}, 415, "Please upload a PDF, DOC, DOCX, or TXT file"},
		{"encrypted docx", "/api/analyze", map[string][]byte{"locked.docx": []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1rest")}, 415, "This Word document is password-protected. Remove the password, save it again, and upload it."},
		{"pdf extension, text bytes", "/api/analyze", map[string][]byte{"x.pdf": []byte("hello")}, 415, "Please upload a PDF, DOC, DOCX, or TXT file"},
		{"two files", "/api/analyze", map[string][]byte{"a.txt": []byte("a"), "b.txt": []byte("b")}, 400, "Please upload only one document at a time"},
		{"empty", "/api/analyze", map[string][]byte{"a.txt": {}}, 400, "The file is empty. Please choose a file with content."},
		{"image wrong", "/api/image/analyze", map[string][]byte{"a.png": []byte("GIF89a")}, 415, "Please upload a JPG, JPEG, PNG, WEBP, HEIC, or HEIF file"},
		{"bpmn wrong", "/api/bpmn/analyze", map[string][]byte{"a.pdf": []byte("%PDF-1.4")}, 415, "Please upload a BPMN, XML, or JSON file (VSDX is not supported yet)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, ct := multipartBody(t, tt.files)
			res, b := s.do(http.MethodPost, tt.path, body, ct)
			var d api.Detail
			_ = json.Unmarshal(b, &d)
			if res.StatusCode != tt.status || d.Detail != tt.detail {
				t.Fatalf("got %d %q, want %d %q", res.StatusCode, d.Detail, tt.status, tt.detail)
			}
		})
	}
	// Nothing was stored for the rejected uploads.
	res, b := s.do(http.MethodGet, "/api/recent", nil, "")
	if res.StatusCode != 200 || string(bytes.TrimSpace(b)) != "[]" {
		t.Fatalf("recent after rejects: %d %s", res.StatusCode, b)
	}
}

func TestWorkerKilledMidTask(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	block := make(chan struct{})
	hook := func(p *pipeline.Pipeline) {
		orig := p.Analyzer
		p.Analyzer = pipeline.AnalyzeFunc(func(ctx context.Context, pr llm.Provider, in llm.Input) (*llm.Result, error) {
			if calls.Add(1) == 1 {
				select { // the first attempt hangs until the worker is killed
				case <-block:
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
			return orig.Analyze(ctx, pr, in)
		})
	}
	s := setup(t, stackOptions{DB: "postgres", Hook: hook, SignIn: true})
	code, v, body := s.upload("/api/analyze", "a.txt", []byte(sampleTXT))
	if code != 202 {
		t.Fatalf("upload %d %s", code, body)
	}
	s.waitFor(v.ID, 10*time.Second, func(v analysis.View) bool { return v.Stage == analysis.StageAnalyzing })
	s.stopWorker() // cancels the in-flight task after the shutdown timeout
	s.startWorker()
	done := s.waitFor(v.ID, 30*time.Second, finished)
	if done.Status != analysis.StatusCompleted || done.Graph.Status != analysis.GraphCompleted {
		t.Fatalf("status %s graph %s detail %q", done.Status, done.Graph.Status, done.Detail)
	}
	var n int64
	s.app.DB.Model(&analysis.Analysis{}).Count(&n)
	if n != 1 {
		t.Fatalf("%d analyses, want exactly 1", n)
	}
	if calls.Load() < 2 {
		t.Fatalf("analyze ran %d times, want a second attempt", calls.Load())
	}
}

func TestRedisFlushedRecovers(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{DB: "postgres", SignIn: true})
	s.stopWorker()
	var ids []string
	for i := 0; i < 8; i++ {
		code, v, body := s.upload("/api/analyze", fmt.Sprintf("doc%d.txt", i), []byte(sampleTXT))
		if code != 202 {
			t.Fatalf("upload %d %s", code, body)
		}
		ids = append(ids, v.ID)
	}
	if err := s.app.Queue.Redis.FlushAll(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2100 * time.Millisecond) // past the sweep's grace period
	s.startWorker()
	for _, id := range ids {
		v := s.waitFor(id, 30*time.Second, finished)
		if v.Status != analysis.StatusCompleted || v.Graph.Status != analysis.GraphCompleted {
			t.Fatalf("%s: status %s graph %s", id, v.Status, v.Graph.Status)
		}
	}
}

func TestPoison(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	ctx := context.Background()
	// A payload without an analysis id is archived at once, never retried.
	info, err := s.app.Queue.Client.Enqueue(asynq.NewTask("analysis:process", []byte("garbage")), asynq.Queue("analysis"), asynq.MaxRetry(5))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		ti, err := s.app.Queue.Inspector.GetTaskInfo("analysis", info.ID)
		if err == nil && ti.State == asynq.TaskStateArchived {
			if ti.Retried != 0 {
				t.Fatalf("poison task retried %d times", ti.Retried)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("poison task not archived: %+v %v", ti, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// A file that cannot be read fails with a detail, after one attempt.
	code, v, body := s.upload("/api/analyze", "broken.docx", []byte("PK\x03\x04garbage-not-a-zip"))
	if code != 202 {
		t.Fatalf("upload %d %s", code, body)
	}
	done := s.waitFor(v.ID, 20*time.Second, finished)
	if done.Status != analysis.StatusFailed || done.Detail == "" {
		t.Fatalf("status %s detail %q", done.Status, done.Detail)
	}
	a, _ := s.app.Repo.GetByID(ctx, v.ID)
	if a.Attempt != 1 {
		t.Fatalf("attempts = %d, want 1 (no retry)", a.Attempt)
	}
}

func workerPipeline(w *worker.Worker) *pipeline.Pipeline { return w.Pipeline() }
