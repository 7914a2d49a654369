package main

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// vendorLimit is the fake model's own rate limit, as a vendor enforces it:
// a sliding minute of at most limit calls; more get 429 with Retry-After.
// It records when each call was accepted, to measure calls per minute.
type vendorLimit struct {
	limit int
	mu    sync.Mutex
	times []time.Time
	r429  int
}

func (v *vendorLimit) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/chat/completions" {
			now := time.Now()
			v.mu.Lock()
			n := 0
			for _, t := range v.times {
				if now.Sub(t) < time.Minute {
					n++
				}
			}
			if n >= v.limit {
				v.r429++
				v.mu.Unlock()
				w.Header().Set("Retry-After", "1")
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusTooManyRequests)
				_, _ = w.Write([]byte(`{"error":{"message":"Rate limit reached for requests","type":"requests","code":"rate_limit_exceeded"}}`))
				return
			}
			v.times = append(v.times, now)
			v.mu.Unlock()
		}
		next.ServeHTTP(w, r)
	})
}

// maxPerMinute is the most calls accepted in any sliding minute.
func (v *vendorLimit) maxPerMinute() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	best, j := 0, 0
	for i := range v.times {
		for v.times[i].Sub(v.times[j]) >= time.Minute {
			j++
		}
		best = max(best, i-j+1)
	}
	return best
}

// TestSoakNoSharedDisk runs the "past one machine" topology: an api and
// three workers, each with its own data dir, sharing only PostgreSQL, Redis
// and an S3-compatible store, against a simulated 2 s model whose vendor
// allows 60 requests/minute; SPADE_LLM_RPM=60 is the shared budget. Every
// analysis completes, the vendor never answers 429, and no minute sees more
// calls than the budget plus 5 %.
func TestSoakNoSharedDisk(t *testing.T) {
	skipSoak(t)
	n := soakN()
	const rpm = 60
	s3 := testenv.S3(t, "spade")
	vendor := &vendorLimit{limit: rpm * 105 / 100}
	c := startCluster(t, clusterOpts{workers: 3, concurrency: 8, llmDelay: 2 * time.Second,
		redisURL: testenv.Redis(t), dbURL: testenv.Postgres(t), ownDataDirs: true, vendor: vendor.wrap,
		env: []string{
			"SPADE_BLOB_URL=" + s3.URL("spade"),
			"SPADE_LLM_RPM=" + strconv.Itoa(rpm),
			"SPADE_SECRET_KEY=" + strings.Repeat("5a", 32),
		}})
	start := time.Now()
	ids := c.uploadMany(n)
	if len(ids) != n {
		t.Fatalf("%d of %d uploads accepted", len(ids), n)
	}
	views := c.waitAll(ids, time.Duration(n)*time.Second+3*time.Minute)
	drain := time.Since(start)
	checkOneResult(t, c.dbURL, views)
	if objs := objects(t, s3.Dir+"/spade"); len(objs) != n {
		t.Errorf("bucket holds %d uploads, want %d", len(objs), n)
	}
	peak := vendor.maxPerMinute()
	t.Logf("no shared disk: %d analyses, 3 workers × 8, budget %d rpm: drained in %s (ideal %s, ratio %.2f), peak %d calls in a minute, %d vendor 429s, %d vendor calls",
		n, rpm, drain.Round(time.Second), time.Duration(n)*time.Minute/rpm, float64(drain)/float64(time.Duration(n)*time.Minute/rpm), peak, vendor.r429, c.llm.Calls.Load())
	if vendor.r429 != 0 {
		t.Errorf("the vendor answered 429 %d times", vendor.r429)
	}
	if peak > vendor.limit {
		t.Errorf("peak %d calls in a minute, budget %d (+5 %% = %d)", peak, rpm, vendor.limit)
	}
	c.checkLogs()
}

// TestSoakSentinelFailover: Redis behind three sentinels (one primary, one
// replica). The primary is killed under load; the sentinels promote the
// replica, every accepted analysis completes exactly once (the recovery
// sweep re-queues what the fail-over lost), and uploads during the
// fail-over answer 503 with a detail, never anything else. The 503 window
// is reported.
func TestSoakSentinelFailover(t *testing.T) {
	skipSoak(t)
	n := soakN()
	rs := testenv.Sentinel(t)
	rs.WaitReady(t)
	c := startCluster(t, clusterOpts{workers: 2, concurrency: 4, llmDelay: 200 * time.Millisecond,
		redisURL: rs.URL, dbURL: testenv.Postgres(t)})
	ids := c.uploadMany(n)

	type probe struct {
		start  time.Time
		at     time.Time
		code   int
		id     string
		detail string
	}
	var (
		mu     sync.Mutex
		probes []probe
	)
	done := make(chan struct{})
	stop := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			start := time.Now()
			code, id, detail := c.upload("/api/analyze", "during-failover.txt", []byte(sampleTXT))
			mu.Lock()
			probes = append(probes, probe{start, time.Now(), code, id, detail})
			mu.Unlock()
			time.Sleep(100 * time.Millisecond)
		}
	}()
	time.Sleep(time.Second)
	killed := time.Now()
	rs.KillPrimary()
	// Probe until uploads have been accepted for a while again.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		time.Sleep(500 * time.Millisecond)
		ok := 0
		mu.Lock()
		for i := len(probes) - 1; i >= 0 && probes[i].code == http.StatusAccepted && probes[i].at.After(killed); i-- {
			ok++
		}
		mu.Unlock()
		if ok >= 20 {
			break
		}
		if time.Now().After(deadline) {
			close(stop)
			<-done
			t.Fatalf("uploads not accepted 2 minutes after the primary was killed; last: %+v", probes[len(probes)-1])
		}
	}
	close(stop)
	<-done

	var first503, last503, back time.Time
	var slowest time.Duration
	n503 := 0
	for _, p := range probes {
		if p.start.After(killed) {
			slowest = max(slowest, p.at.Sub(p.start))
		}
		switch {
		case p.code == http.StatusAccepted:
			ids = append(ids, p.id)
			if back.IsZero() && p.start.After(killed) {
				back = p.at
			}
		case p.code == http.StatusServiceUnavailable && p.detail != "":
			n503++
			if first503.IsZero() {
				first503 = p.at
			}
			last503 = p.at
		default:
			t.Errorf("upload during the fail-over: %d %q (want 202, or 503 with a detail)", p.code, p.detail)
		}
	}
	window := time.Duration(0)
	if n503 > 0 {
		window = last503.Sub(first503)
	}
	// Uploads are not refused at once: the api waits up to its enqueue
	// time-out while the client looks for the new primary, so the outage a
	// user sees is from the kill to the first accepted upload.
	first := "none"
	if n503 > 0 {
		first = fmt.Sprintf("the first %s after the kill, the last %s later", first503.Sub(killed).Round(100*time.Millisecond), window.Round(100*time.Millisecond))
	}
	t.Logf("sentinel fail-over: %d probes, %d answered 503 (%s), uploads accepted again %s after the kill, slowest upload %s",
		len(probes), n503, first, back.Sub(killed).Round(100*time.Millisecond), slowest.Round(100*time.Millisecond))

	ids = append(ids, c.uploadMany(n/4+1)...)
	views := c.waitAll(ids, 4*time.Minute)
	if len(views) != len(ids) {
		t.Fatalf("%d of %d analyses finished", len(views), len(ids))
	}
	checkOneResult(t, c.dbURL, views)
	t.Logf("sentinel fail-over: %d accepted analyses finished", len(views))
	assertNoneUnfinished(t, c.dbURL)
	c.checkLogs()
}
