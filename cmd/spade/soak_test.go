package main

// Fault and load tests on real processes: the spade binary is built once,
// then an api and two workers run as separate processes on loopback
// against a real Redis and PostgreSQL, with a fake OpenAI-compatible model
// that answers after a fixed latency. Each test is bounded in time.
//
// CI runs them at SPADE_SOAK_N=20 analyses (the default); scripts/soak.sh
// runs them at 200. `go test -short` skips them.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/bench/throughput/fakellm"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// spadeBinary builds the spade command once per test binary, or returns
// SPADE_TEST_BINARY when set (CI passes the release build it serves the
// end-to-end journeys with, so that it is built once and the soak tests
// run what ships).
func spadeBinary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("SPADE_TEST_BINARY"); p != "" {
		return p
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "spade-soak-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "spade")
		cmd := exec.Command("go", "build", "-o", binPath, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		// A test binary that times out while this builds must not leave
		// the build running on (it kept a core busy after the test died).
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func soakN() int {
	if n, err := strconv.Atoi(os.Getenv("SPADE_SOAK_N")); err == nil && n > 0 {
		return n
	}
	return 20
}

func skipSoak(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("process-level soak test (run without -short, or scripts/soak.sh)")
	}
}

// proc is one spade process.
type proc struct {
	name string
	cmd  *exec.Cmd
	log  string
	done chan struct{}
}

func (p *proc) running() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// cluster is an api and workers as processes.
type cluster struct {
	t       *testing.T
	dir     string
	env     []string
	base    string
	token   string
	api     *proc
	workers []*proc
	llm     *fakellm.Server
	client  *http.Client
	dbURL   string
	ownDirs bool
}

type clusterOpts struct {
	workers     int
	concurrency int
	llmDelay    time.Duration
	redisURL    string
	dbURL       string
	// builtin uses the offline analyzer instead of the fake model.
	builtin bool
	// env is added to every process's environment.
	env []string
	// ownDataDirs gives each process its own SPADE_DATA_DIR (no shared
	// disk: uploads must then go to SPADE_BLOB_URL).
	ownDataDirs bool
	// vendor wraps the fake model (a vendor-side rate limit, a recorder).
	vendor func(http.Handler) http.Handler
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func startCluster(t *testing.T, o clusterOpts) *cluster {
	t.Helper()
	spadeBinary(t)
	c := &cluster{t: t, dir: t.TempDir(), llm: &fakellm.Server{Delay: o.llmDelay}, dbURL: o.dbURL,
		client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	var h http.Handler = c.llm
	if o.vendor != nil {
		h = o.vendor(h)
	}
	c.ownDirs = o.ownDataDirs
	fake := httptest.NewServer(h)
	t.Cleanup(fake.Close)
	port := freePort(t)
	c.base = fmt.Sprintf("http://127.0.0.1:%d", port)
	c.env = append(os.Environ(),
		"SPADE_ADDR=127.0.0.1:"+strconv.Itoa(port),
		"SPADE_DATA_DIR="+filepath.Join(c.dir, "data"),
		"SPADE_DATABASE_URL="+o.dbURL,
		"SPADE_REDIS_URL="+o.redisURL,
		"SPADE_LLM_PROVIDER=openai",
		"SPADE_LLM_BASE_URL="+fake.URL+"/v1",
		"OPENAI_API_KEY=fake",
		"SPADE_LLM_MODEL=fake-model",
		"SPADE_TASK_CHECK_INTERVAL=10ms",
		"SPADE_SWEEP_INTERVAL=1s",
		"SPADE_SHUTDOWN_TIMEOUT=2s",
		"SPADE_LOG_FORMAT=json",
		"SPADE_LOG_LEVEL=info",
		"SPADE_DAILY_LIMIT=1000000",
		"SPADE_WORKER_CONCURRENCY="+strconv.Itoa(max(o.concurrency, 1)),
		"SPADE_CACHE_DIR="+filepath.Join(os.TempDir(), "spade-test-cache"),
		"SPADE_UI_DIR="+filepath.Join(c.dir, "ui"),
	)
	if o.builtin {
		c.env = append(c.env, "SPADE_LLM_PROVIDER=builtin")
	}
	c.env = append(c.env, o.env...)
	if out, err := c.command("migrate").CombinedOutput(); err != nil {
		t.Fatalf("spade migrate: %v\n%s", err, out)
	}
	c.token = soakUser(t, o.dbURL)
	c.api = c.start("api", "api")
	c.waitHealthy(30 * time.Second)
	for i := 0; i < o.workers; i++ {
		c.workers = append(c.workers, c.start(fmt.Sprintf("worker%d", i+1), "worker"))
	}
	t.Cleanup(c.stop)
	for _, w := range c.workers {
		c.waitLog(w, `"msg":"worker started"`, time.Minute)
	}
	return c
}

// waitLog waits until p has logged a line containing s.
func (c *cluster) waitLog(p *proc, s string, d time.Duration) {
	c.t.Helper()
	deadline := time.Now().Add(d)
	for {
		b, _ := os.ReadFile(p.log)
		if bytes.Contains(b, []byte(s)) {
			return
		}
		if !p.running() || time.Now().After(deadline) {
			c.t.Fatalf("%s did not log %s:\n%s", p.name, s, tail(string(b), 2000))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// soakUser creates a user with an unlimited membership and returns a
// personal access token for it.
func soakUser(t *testing.T, dbURL string) string {
	t.Helper()
	d, err := db.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	st := auth.NewStore(d.DB)
	u, _, err := st.UpsertUser(ctx, auth.User{Issuer: "soak", Subject: "load", Email: "load@example.com", Name: "Load Test"})
	if err != nil {
		t.Fatal(err)
	}
	accs, err := st.Accounts(ctx, u.ID)
	if err != nil || len(accs) == 0 {
		t.Fatalf("accounts: %v", err)
	}
	_ = d.Exec(`UPDATE users SET membership_type = 'Standard' WHERE id = ?`, u.ID).Error
	_ = d.Exec(`UPDATE accounts SET membership_type = 'Standard' WHERE id = ?`, accs[0].ID).Error
	secret, _, err := st.CreateToken(ctx, u.ID, accs[0].ID, "soak")
	if err != nil {
		t.Fatal(err)
	}
	return secret
}

func (c *cluster) command(args ...string) *exec.Cmd {
	cmd := exec.Command(spadeBinary(c.t), args...)
	cmd.Env = c.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	return cmd
}

func (c *cluster) start(name string, args ...string) *proc {
	c.t.Helper()
	p := &proc{name: name, log: filepath.Join(c.dir, name+".log"), done: make(chan struct{})}
	f, err := os.Create(p.log)
	if err != nil {
		c.t.Fatal(err)
	}
	p.cmd = c.command(args...)
	if c.ownDirs {
		// exec keeps the last of duplicate variables.
		p.cmd.Env = append(p.cmd.Env, "SPADE_DATA_DIR="+filepath.Join(c.dir, "data-"+name))
	}
	p.cmd.Stdout, p.cmd.Stderr = f, f
	if err := p.cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	go func() { _ = p.cmd.Wait(); f.Close(); close(p.done) }()
	return p
}

// kill sends SIGKILL: no graceful shutdown, in-flight tasks are orphaned.
func (p *proc) kill() {
	_ = p.cmd.Process.Kill()
	<-p.done
}

func (c *cluster) stop() {
	for _, p := range append([]*proc{c.api}, c.workers...) {
		if p != nil && p.running() {
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-p.done:
			case <-time.After(5 * time.Second):
				p.kill()
			}
		}
	}
	if c.t.Failed() {
		for _, p := range append([]*proc{c.api}, c.workers...) {
			if p != nil {
				b, _ := os.ReadFile(p.log)
				if dir := os.Getenv("SPADE_SOAK_LOGDIR"); dir != "" {
					_ = os.WriteFile(filepath.Join(dir, c.t.Name()+"-"+p.name+".log"), b, 0o644)
				}
				c.t.Logf("--- %s log (tail) ---\n%s", p.name, tail(string(b), 3000))
			}
		}
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func (c *cluster) waitHealthy(d time.Duration) {
	c.t.Helper()
	deadline := time.Now().Add(d)
	for {
		res, err := c.client.Get(c.base + "/api/health")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) || !c.api.running() {
			b, _ := os.ReadFile(c.api.log)
			c.t.Fatalf("api not healthy after %s (err %v):\n%s", d, err, tail(string(b), 3000))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitAccepting retries an upload until the api accepts it again after an
// outage (connection pools back off for a moment), as a client would.
func (c *cluster) waitAccepting(d time.Duration) {
	c.t.Helper()
	deadline := time.Now().Add(d)
	for {
		code, _, detail := c.upload("/api/analyze", "probe.txt", []byte(sampleTXT))
		if code == http.StatusAccepted {
			return
		}
		if code != http.StatusServiceUnavailable || detail == "" {
			c.t.Errorf("upload after the outage: %d %q (want 202, or 503 with a detail while recovering)", code, detail)
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("uploads not accepted %s after the outage: %d %q", d, code, detail)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// upload posts one file and returns the status, the analysis id and the
// detail of an error.
func (c *cluster) upload(path, name string, data []byte) (int, string, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, c.base+path, &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.client.Do(req)
	if err != nil {
		return 0, "", err.Error()
	}
	defer res.Body.Close()
	var v struct {
		ID     string `json:"id"`
		Detail string `json:"detail"`
	}
	b, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(b, &v)
	return res.StatusCode, v.ID, v.Detail
}

func (c *cluster) get(id string) (analysis.View, int) {
	req, _ := http.NewRequest(http.MethodGet, c.base+"/api/document/"+id, nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.client.Do(req)
	if err != nil {
		return analysis.View{}, 0
	}
	defer res.Body.Close()
	var v analysis.View
	_ = json.NewDecoder(res.Body).Decode(&v)
	return v, res.StatusCode
}

// waitAll polls until every analysis is finished and returns them.
func (c *cluster) waitAll(ids []string, d time.Duration) map[string]analysis.View {
	c.t.Helper()
	out := map[string]analysis.View{}
	deadline := time.Now().Add(d)
	for len(out) < len(ids) {
		for _, id := range ids {
			if _, ok := out[id]; ok {
				continue
			}
			if v, code := c.get(id); code == 200 && finished(v) {
				out[id] = v
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("%d of %d analyses finished after %s", len(out), len(ids), d)
		}
		time.Sleep(200 * time.Millisecond)
	}
	return out
}

// uploadMany uploads n documents with 8 clients and returns the ids that
// were accepted.
func (c *cluster) uploadMany(n int) []string {
	c.t.Helper()
	var (
		mu  sync.Mutex
		ids []string
		wg  sync.WaitGroup
		ch  = make(chan int)
	)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				// Distinct content: the result cache answers a repeat without a model call.
				doc := fmt.Sprintf("%s\nCase reference %d-%03d.\n", sampleTXT, time.Now().UnixNano(), i)
				code, id, detail := c.upload("/api/analyze", fmt.Sprintf("invoice-%03d.txt", i), []byte(doc))
				if code != http.StatusAccepted {
					c.t.Errorf("upload %d: %d %s", i, code, detail)
					continue
				}
				mu.Lock()
				ids = append(ids, id)
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n; i++ {
		ch <- i
	}
	close(ch)
	wg.Wait()
	return ids
}

// checkOneResult verifies that each analysis completed exactly once.
func checkOneResult(t *testing.T, dbURL string, views map[string]analysis.View) {
	t.Helper()
	d, err := db.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for id, v := range views {
		if v.Status != analysis.StatusCompleted || v.Graph.Status != analysis.GraphCompleted {
			t.Errorf("%s: status %s graph %s detail %q", id, v.Status, v.Graph.Status, v.Detail)
			continue
		}
		var log string
		if err := d.Raw(`SELECT stages_log FROM analyses WHERE id = ?`, id).Scan(&log).Error; err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(log, analysis.StageCompleted+"@"); n != 1 {
			t.Errorf("%s completed %d times:\n%s", id, n, log)
		}
	}
}

// checkLogs fails on a panic in any process log and checks that every
// line is JSON.
func (c *cluster) checkLogs() {
	c.t.Helper()
	for _, p := range append([]*proc{c.api}, c.workers...) {
		f, err := os.Open(p.log)
		if err != nil {
			c.t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Bytes()
			if bytes.Contains(line, []byte("panic")) {
				c.t.Errorf("%s logged a panic: %s", p.name, line)
			}
			if len(bytes.TrimSpace(line)) > 0 && !json.Valid(line) {
				c.t.Errorf("%s logged a line that is not JSON: %.200s", p.name, line)
			}
		}
		f.Close()
	}
}

// TestSoakWorkerKilled: kill -9 one of two workers while analyses are in
// flight; every analysis completes, exactly once.
func TestSoakWorkerKilled(t *testing.T) {
	skipSoak(t)
	n := soakN()
	c := startCluster(t, clusterOpts{workers: 2, concurrency: 8, llmDelay: time.Second,
		redisURL: testenv.Redis(t), dbURL: testenv.Postgres(t)})
	ids := c.uploadMany(n)
	// Wait until more calls are in flight than one worker runs at once:
	// then both workers hold tasks when one is killed.
	busy := int64(min(n, 9))
	deadline := time.Now().Add(2 * time.Minute)
	for c.llm.InFlight.Load() < busy {
		if time.Now().After(deadline) {
			t.Fatalf("only %d model calls in flight after 2 minutes, want %d", c.llm.InFlight.Load(), busy)
		}
		time.Sleep(2 * time.Millisecond)
	}
	c.workers[0].kill()
	t.Logf("killed worker1 with %d model calls in flight, %d answered", c.llm.InFlight.Load(), c.llm.Calls.Load())
	// The orphaned runs come back at worker2's recovery sweep (every
	// second here) once worker1's run leases are overdue and its asynq
	// server has left the server list: about 10 to 20 s after the kill.
	// Without that, asynq gives them back only when its own lease (30 s)
	// has expired and its recoverer (every minute) has run. The limit is
	// generous, for a loaded machine; it is no timing assertion.
	views := c.waitAll(ids, 3*time.Minute)
	if len(views) != n {
		t.Fatalf("%d of %d analyses", len(views), n)
	}
	checkOneResult(t, c.dbURL, views)
	c.checkLogs()
	b, _ := os.ReadFile(c.workers[1].log)
	t.Logf("worker2 took over %d orphaned runs", bytes.Count(b, []byte(`"msg":"run taken over from a worker that stopped"`)))
}

// TestSoakRedisRestarted: Redis restarted empty under load loses no
// analysis; uploads while it is down answer 503 with a detail.
func TestSoakRedisRestarted(t *testing.T) {
	skipSoak(t)
	n := soakN()
	rs, err := testenv.StartRedis()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rs.Stop)
	c := startCluster(t, clusterOpts{workers: 2, concurrency: 4, llmDelay: 200 * time.Millisecond,
		redisURL: rs.URL, dbURL: testenv.Postgres(t)})
	ids := c.uploadMany(n)
	rs.Stop()
	for i := 0; i < 5; i++ {
		code, _, detail := c.upload("/api/analyze", "during-outage.txt", []byte(sampleTXT))
		if code != http.StatusServiceUnavailable || detail == "" {
			t.Errorf("upload with Redis down: %d %q, want 503 with a detail", code, detail)
		}
	}
	if err := rs.Restart(); err != nil {
		t.Fatal(err)
	}
	c.waitAccepting(30 * time.Second)
	ids = append(ids, c.uploadMany(n/4+1)...)
	views := c.waitAll(ids, 3*time.Minute)
	checkOneResult(t, c.dbURL, views)
	// Nothing half-written: no analysis is left unfinished.
	assertNoneUnfinished(t, c.dbURL)
	c.checkLogs()
}

func assertNoneUnfinished(t *testing.T, dbURL string) {
	t.Helper()
	d, err := db.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var n int64
		d.Raw(`SELECT COUNT(*) FROM analyses WHERE status IN ('queued','running') OR (status = 'completed' AND graph_status IN ('pending','building'))`).Scan(&n)
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d analyses left unfinished", n)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestSoakPostgresStopped: with PostgreSQL stopped under load, uploads
// answer 503 with a detail; when it returns, everything completes without
// restarting a process.
func TestSoakPostgresStopped(t *testing.T) {
	skipSoak(t)
	n := soakN()
	pg := testenv.StartPostgresServer(t)
	c := startCluster(t, clusterOpts{workers: 2, concurrency: 4, llmDelay: 300 * time.Millisecond,
		redisURL: testenv.Redis(t), dbURL: pg.URL})
	ids := c.uploadMany(n)
	pg.Stop()
	for i := 0; i < 5; i++ {
		code, _, detail := c.upload("/api/analyze", "during-outage.txt", []byte(sampleTXT))
		if code != http.StatusServiceUnavailable || detail == "" {
			t.Errorf("upload with PostgreSQL down: %d %q, want 503 with a detail", code, detail)
		}
	}
	if res, err := c.client.Get(c.base + "/api/health"); err != nil || res.StatusCode != 503 {
		t.Errorf("health with PostgreSQL down: %v %v, want 503", res, err)
	}
	time.Sleep(2 * time.Second) // let workers hit the outage
	if err := pg.Start(); err != nil {
		t.Fatal(err)
	}
	c.waitHealthy(30 * time.Second)
	c.waitAccepting(30 * time.Second)
	ids = append(ids, c.uploadMany(n/4+1)...)
	views := c.waitAll(ids, 4*time.Minute)
	checkOneResult(t, c.dbURL, views)
	for _, p := range append([]*proc{c.api}, c.workers...) {
		if !p.running() {
			t.Errorf("%s exited during the outage", p.name)
		}
	}
	c.checkLogs()
}
