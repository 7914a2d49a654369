// Command memory measures what `spade serve` (embedded defaults: SQLite,
// in-process Redis, the built-in analyzer) holds in memory (issue 26,
// item 5): resident memory (VmRSS) after start, idle after one text
// analysis, the peak during one image analysis and idle after it, each
// beside the Go runtime's own figures from /metrics (heap in use, memory
// obtained from the OS, released to it), so that what Go holds and what
// it does not (wasm code, C-less mmaps, fragmentation) can be told apart.
//
//	go build -o /tmp/spade ./cmd/spade
//	nice -n 10 go run ./bench/memory -bin /tmp/spade
//	go run ./bench/memory -bin /tmp/spade -image bench/diagrams/testdata/q04-lanes@0.75.png -settle 20s
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spade-bpmn/spade/bench/internal/benchapi"
)

const textDoc = `Invoice approval process

The clerk receives the invoice by e-mail. The clerk enters the invoice in SAP, which takes 10 minutes.
The manager reviews the invoice. If the amount is above 1000 EUR, the director approves the invoice.
Otherwise the manager approves the invoice. The accountant pays the invoice within 2 days.
`

const metricsToken = "bench-memory-metrics"

func main() {
	bin := flag.String("bin", "bin/spade", "spade binary")
	image := flag.String("image", "bench/diagrams/testdata/q04-lanes@0.75.png", "diagram picture for the image analysis")
	pdf := flag.String("pdf", "", "a PDF for a third analysis (none when empty)")
	settle := flag.Duration("settle", 15*time.Second, "idle time before an idle figure")
	flag.Parse()
	if err := run(*bin, *image, *pdf, *settle); err != nil {
		log.Fatal(err)
	}
}

func run(bin, image, pdf string, settle time.Duration) error {
	img, err := os.ReadFile(image)
	if err != nil {
		return err
	}
	type job struct {
		name, path, file string
		body             []byte
	}
	jobs := []job{
		{"text", "/api/analyze", "invoice.txt", []byte(textDoc)},
		{"image", "/api/image/analyze", filepath.Base(image), img},
	}
	if pdf != "" {
		b, err := os.ReadFile(pdf)
		if err != nil {
			return err
		}
		jobs = append(jobs, job{"PDF", "/api/analyze", filepath.Base(pdf), b})
	}
	dir, err := os.MkdirTemp("", "spade-bench-memory-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	dbURL := "sqlite://" + filepath.Join(dir, "spade.db")
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "SPADE_ADDR="+addr, "SPADE_DATA_DIR="+dir, "SPADE_DATABASE_URL="+dbURL,
		"SPADE_LOG_LEVEL=warn", "SPADE_METRICS_TOKEN="+metricsToken)
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
	base := "http://" + addr
	if err := waitHealthy(base, 2*time.Minute); err != nil {
		return err
	}
	pid := cmd.Process.Pid
	token, err := benchapi.CreateUser(dbURL, benchapi.User{Subject: "memory", Email: "memory@example.com", Name: "Memory"}, "bench")
	if err != nil {
		return err
	}
	cl := &benchapi.Client{Base: base, Token: token}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("spade serve, embedded defaults; settle %s; load %s\n", settle, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Println("RSS: spade serve; peak: spade serve with its children (pdftotext, tesseract) at once, sampled every 20 ms")
	fmt.Printf("%-34s %10s %10s %10s %10s %10s\n", "moment", "RSS MiB", "peak MiB", "heap MiB", "Go sys MiB", "released")
	report := func(moment string, peak int64) {
		m := goMem(base)
		fmt.Printf("%-34s %10.0f %10s %10.0f %10.0f %10.0f\n", moment, mib(benchapi.RSSKB(pid)*1024), peakText(peak),
			mib(m["go_memstats_heap_inuse_bytes"]), mib(m["go_memstats_sys_bytes"]), mib(m["go_memstats_heap_released_bytes"]))
	}
	time.Sleep(2 * time.Second)
	report("started", 0)
	for _, a := range jobs {
		var peak atomic.Int64
		stop := make(chan struct{})
		go sampleRSS(pid, &peak, stop)
		start := time.Now()
		id, err := cl.Upload(a.path, a.file, a.body)
		if err == nil {
			err = cl.Wait(id, 5*time.Minute)
		}
		close(stop)
		if err != nil {
			return fmt.Errorf("%s analysis: %w", a.name, err)
		}
		report(fmt.Sprintf("%s analysis done (%.1f s)", a.name, time.Since(start).Seconds()), peak.Load())
		time.Sleep(settle)
		report(fmt.Sprintf("idle %s after the %s analysis", settle, a.name), 0)
	}
	return nil
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

func peakText(b int64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", mib(b))
}

// sampleRSS keeps the largest VmRSS of pid and its descendants together
// seen every 20 ms until stop.
func sampleRSS(pid int, peak *atomic.Int64, stop chan struct{}) {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		if v := treeRSSKB(pid) * 1024; v > peak.Load() {
			peak.Store(v)
		}
		select {
		case <-stop:
			return
		case <-t.C:
		}
	}
}

// treeRSSKB is the VmRSS of pid and its descendants, in KiB.
func treeRSSKB(pid int) int64 {
	total := benchapi.RSSKB(pid)
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, t := range tasks {
		b, _ := os.ReadFile(t)
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				total += treeRSSKB(c)
			}
		}
	}
	return total
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

func waitHealthy(base string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("spade serve not healthy after %s", d)
}

// goMem reads the Go runtime's memory gauges from /metrics.
func goMem(base string) map[string]int64 {
	out := map[string]int64{}
	req, _ := http.NewRequest(http.MethodGet, base+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+metricsToken)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return out
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		name, val, ok := strings.Cut(sc.Text(), " ")
		if !ok || !strings.HasPrefix(name, "go_memstats_") {
			continue
		}
		if f, err := strconv.ParseFloat(val, 64); err == nil {
			out[name] = int64(f)
		}
	}
	return out
}
