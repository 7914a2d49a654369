package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// workerGrowth27 is the bound issue 27 sets on a worker's peak RSS growth
// over its own baseline during an attack.
const workerGrowth27 = 300 << 20

// cpuSeconds is the user and system CPU time p has used so far
// (/proc/PID/stat, in clock ticks of 1/100 s on Linux).
func cpuSeconds(t *testing.T, p *proc) float64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		t.Fatalf("read %s stat: %v", p.name, err)
	}
	// Fields after the command name (which may hold spaces) in brackets.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100
}

// bigPNG is a plain picture of w×h pixels: a few KB of PNG that decodes to
// w·h bytes and more (issue 27, row 5).
func bigPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSoakIssue27 runs the cost attacks of issue 27 against a worker with
// the production defaults of its heavy slots (one per core): each row
// uploads its input several times at once and checks how each analysis
// ends (its status and the start of its detail), the worker's peak RSS
// growth over its own baseline, and the worker's CPU seconds, which are
// logged for the issue's closing note and bounded so that a run-away loop
// (a task going on after its deadline, a quadratic step) fails.
func TestSoakIssue27(t *testing.T) {
	skipSoak(t)
	cl := startCluster(t, clusterOpts{workers: 1, concurrency: 4, builtin: true, redisURL: testenv.Redis(t), dbURL: testenv.Postgres(t),
		env: []string{"GOMEMLIMIT=" + soakMemLimit}})
	lines := strings.Repeat("ok\n", 1_000_000)
	for _, row := range []struct {
		name, path, file string
		data             []byte
		copies           int
		// status and the start of the detail every analysis ends with
		status, detail string
		maxCPU         float64
	}{
		// Drawn within the layout's work budget (the simple layout, with
		// a note).
		{"1: dense BPMN file, 200 tasks, every pair connected", "/api/bpmn/analyze", "dense.bpmn", denseBPMN(200, false), 2,
			"completed", "", 60},
		// Segmenting and actor matching are linear.
		{"3: TXT of 1,000,000 short lines", "/api/analyze", "lines.txt", []byte(lines), 2,
			"completed", "", 60},
		// Refused from the header, before anything decodes it.
		{"5: PNG of 60 megapixels", "/api/image/analyze", "big.png", bigPNG(t, 7746, 7746), 3,
			"failed", "The picture is 7746 × 7746 pixels (60.0 megapixels); the limit is 40 megapixels.", 10},
	} {
		t.Run(row.name, func(t *testing.T) {
			base := memoryBaseline(t, cl.workers[0])
			cpu := cpuSeconds(t, cl.workers[0])
			var ids []string
			var mu sync.Mutex
			var wg sync.WaitGroup
			for i := range row.copies {
				wg.Add(1)
				go func() {
					defer wg.Done()
					code, id, detail := cl.upload(row.path, row.file, row.data)
					if code != http.StatusAccepted {
						t.Logf("copy %d refused at upload: %d %s", i, code, detail)
						return
					}
					mu.Lock()
					ids = append(ids, id)
					mu.Unlock()
				}()
			}
			wg.Wait()
			for id, v := range cl.waitAll(ids, 10*time.Minute) {
				t.Logf("%s: %s %q", id, v.Status, v.Detail)
				if v.Status != row.status || !strings.HasPrefix(v.Detail, row.detail) {
					t.Errorf("%s: %s %q, want %s %q…", id, v.Status, v.Detail, row.status, row.detail)
				}
			}
			used := cpuSeconds(t, cl.workers[0]) - cpu
			t.Logf("worker CPU %.1f s for %d copies (bound %.0f s)", used, row.copies, row.maxCPU)
			if used > row.maxCPU {
				t.Errorf("worker used %.1f CPU seconds, bound %.0f", used, row.maxCPU)
			}
			checkGrowthWithin(t, cl.workers[0], base, fmt.Sprintf("during %d x %s", row.copies, row.file), workerGrowth27)
		})
	}
}
