// Command loadgen drives a running SPADE stack for benchmarks: it creates a
// load-test user with an unlimited membership and a personal access token
// directly in the database, uploads N documents with C clients, polls them
// to the end and reports analyses per second and, for the given worker
// pids, resident memory per in-flight analysis.
//
//	loadgen -url http://127.0.0.1:8080 -db "$SPADE_DATABASE_URL" -n 200 -c 50 -pids 123,456
//	loadgen -setup -url … -db …   # prints "TOKEN ID" of one completed analysis
package main

import (
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spade-bpmn/spade/bench/internal/benchapi"
)

const doc = `Invoice approval process

The clerk receives the invoice by e-mail. The clerk enters the invoice in SAP, which takes 10 minutes.
The manager reviews the invoice. If the amount is above 1000 EUR, the director approves the invoice.
Otherwise the manager approves the invoice. The accountant pays the invoice within 2 days.
`

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "SPADE base URL")
	dbURL := flag.String("db", os.Getenv("SPADE_DATABASE_URL"), "database URL (to create the load-test user)")
	n := flag.Int("n", 100, "analyses to upload")
	c := flag.Int("c", 50, "concurrent clients")
	pids := flag.String("pids", "", "comma-separated worker pids to sample memory of")
	setup := flag.Bool("setup", false, "only create the user, run one analysis and print TOKEN ID")
	poll := flag.Duration("poll", 100*time.Millisecond, "interval between a client's polls of its analysis")
	flag.Parse()
	token, err := benchapi.CreateUser(*dbURL, benchapi.User{Subject: "load", Email: "load@example.com", Name: "Load Test"}, "bench")
	if err != nil {
		log.Fatal(err)
	}
	cl := &benchapi.Client{Base: *base, Token: token, HTTP: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}, PollEvery: *poll}
	if *setup {
		id, err := upload(cl)
		if err != nil {
			log.Fatal(err)
		}
		if err := cl.Wait(id, 2*time.Minute); err != nil {
			log.Fatal(err)
		}
		fmt.Println(token, id)
		return
	}
	run(cl, *n, *c, parsePids(*pids))
}

// upload sends the invoice text with a line of its own, so that the
// result cache cannot answer it without a model call, which is not what
// this measures.
func upload(cl *benchapi.Client) (string, error) {
	body := fmt.Sprintf("%s\nCase reference %d.\n", doc, rand.Int64())
	return cl.Upload("/api/analyze", "invoice.txt", []byte(body))
}

func parsePids(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if p, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			out = append(out, p)
		}
	}
	return out
}

func totalRSS(pids []int) int {
	t := 0
	for _, p := range pids {
		t += int(benchapi.RSSKB(p))
	}
	return t
}

func run(cl *benchapi.Client, n, c int, pids []int) {
	idle := totalRSS(pids)
	var (
		peak     atomic.Int64
		inflight atomic.Int64
		maxIn    atomic.Int64
		done     atomic.Int64
		failed   atomic.Int64
		wg       sync.WaitGroup
		jobs     = make(chan int)
		stop     = make(chan struct{})
		mu       sync.Mutex
		uploads  []time.Duration // upload request → 202
		totals   []time.Duration // upload request → seen finished
	)
	go func() { // memory sampler
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if r := int64(totalRSS(pids)); r > peak.Load() {
					peak.Store(r)
				}
			}
		}
	}()
	start := time.Now()
	for i := 0; i < c; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				began := time.Now()
				id, err := upload(cl)
				uploaded := time.Since(began)
				if err != nil {
					failed.Add(1)
					log.Print(err)
					continue
				}
				if v := inflight.Add(1); v > maxIn.Load() {
					maxIn.Store(v)
				}
				if err := cl.Wait(id, 10*time.Minute); err != nil {
					failed.Add(1)
					log.Print(err)
				} else {
					done.Add(1)
					mu.Lock()
					uploads, totals = append(uploads, uploaded), append(totals, time.Since(began))
					mu.Unlock()
				}
				inflight.Add(-1)
			}
		}()
	}
	for i := 0; i < n; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	close(stop)
	el := time.Since(start)
	fmt.Printf("analyses=%d failed=%d clients=%d elapsed=%.1fs rate=%.2f/s\n", done.Load(), failed.Load(), c, el.Seconds(), float64(done.Load())/el.Seconds())
	// Where a client's time goes: the upload request, and the whole
	// analysis as the client sees it (upload to the poll that finds it
	// finished, every 100 ms).
	fmt.Printf("upload_p50=%s upload_p90=%s client_p50=%s client_p90=%s\n",
		quantile(uploads, 0.5), quantile(uploads, 0.9), quantile(totals, 0.5), quantile(totals, 0.9))
	if len(pids) > 0 && maxIn.Load() > 0 {
		fmt.Printf("worker_rss_idle=%dKB worker_rss_peak=%dKB max_in_flight=%d per_in_flight=%.0fKB\n",
			idle, peak.Load(), maxIn.Load(), float64(peak.Load()-int64(idle))/float64(maxIn.Load()))
	}
}

// quantile is the q-quantile of ds (0 when there are none), to the
// millisecond.
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return ds[min(int(float64(len(ds))*q), len(ds)-1)].Round(time.Millisecond)
}
