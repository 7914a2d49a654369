package main

import (
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
