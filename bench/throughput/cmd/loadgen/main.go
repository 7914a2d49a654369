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
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/db"
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
	flag.Parse()
	token, err := createUser(*dbURL)
	if err != nil {
		log.Fatal(err)
	}
	cl := &client{base: *base, token: token, http: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}}
	if *setup {
		id, err := cl.upload()
		if err != nil {
			log.Fatal(err)
		}
		if err := cl.wait(id, 2*time.Minute); err != nil {
			log.Fatal(err)
		}
		fmt.Println(token, id)
		return
	}
	run(cl, *n, *c, parsePids(*pids))
}

func createUser(dbURL string) (string, error) {
	d, err := db.Open(dbURL)
	if err != nil {
		return "", err
	}
	defer d.Close()
	ctx := context.Background()
	st := auth.NewStore(d.DB)
	u, _, err := st.UpsertUser(ctx, auth.User{Issuer: "bench", Subject: "load", Email: "load@example.com", Name: "Load Test"})
	if err != nil {
		return "", err
	}
	accs, err := st.Accounts(ctx, u.ID)
	if err != nil || len(accs) == 0 {
		return "", fmt.Errorf("no account for the load-test user: %v", err)
	}
	d.Exec(`UPDATE users SET membership_type = 'Standard' WHERE id = ?`, u.ID)
	d.Exec(`UPDATE accounts SET membership_type = 'Standard' WHERE id = ?`, accs[0].ID)
	secret, _, err := st.CreateToken(ctx, u.ID, accs[0].ID, "bench")
	return secret, err
}

type client struct {
	base, token string
	http        *http.Client
}

func (c *client) upload() (string, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", "invoice.txt")
	_, _ = io.WriteString(fw, doc)
	// Distinct content per upload: the result cache answers a repeat
	// without a model call, which is not what this measures.
	_, _ = fmt.Fprintf(fw, "\nCase reference %d.\n", rand.Int64())
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, c.base+"/api/analyze", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var v struct{ ID, Detail string }
	_ = json.NewDecoder(res.Body).Decode(&v)
	if res.StatusCode != http.StatusAccepted {
		return "", fmt.Errorf("upload: %d %s", res.StatusCode, v.Detail)
	}
	return v.ID, nil
}

func (c *client) state(id string) (string, string, error) {
	req, _ := http.NewRequest(http.MethodGet, c.base+"/api/document/"+id, nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.http.Do(req)
	if err != nil {
		return "", "", err
	}
	defer res.Body.Close()
	var v struct {
		Status string
		Graph  struct{ Status string }
	}
	_ = json.NewDecoder(res.Body).Decode(&v)
	return v.Status, v.Graph.Status, nil
}

func (c *client) wait(id string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		st, g, err := c.state(id)
		if err == nil && (st == "failed" || (st == "completed" && g != "pending" && g != "building")) {
			if st == "failed" {
				return fmt.Errorf("analysis %s failed", id)
			}
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("analysis %s not finished after %s", id, d)
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

// rssKB reads VmRSS of a process.
func rssKB(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			v, _ := strconv.Atoi(strings.Fields(l)[1])
			return v
		}
	}
	return 0
}

func totalRSS(pids []int) int {
	t := 0
	for _, p := range pids {
		t += rssKB(p)
	}
	return t
}

func run(cl *client, n, c int, pids []int) {
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
				id, err := cl.upload()
				if err != nil {
					failed.Add(1)
					log.Print(err)
					continue
				}
				if v := inflight.Add(1); v > maxIn.Load() {
					maxIn.Store(v)
				}
				if err := cl.wait(id, 10*time.Minute); err != nil {
					failed.Add(1)
					log.Print(err)
				} else {
					done.Add(1)
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
	if len(pids) > 0 && maxIn.Load() > 0 {
		fmt.Printf("worker_rss_idle=%dKB worker_rss_peak=%dKB max_in_flight=%d per_in_flight=%.0fKB\n",
			idle, peak.Load(), maxIn.Load(), float64(peak.Load()-int64(idle))/float64(maxIn.Load()))
	}
}
