package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// BenchmarkPipeline measures, in one run on the same Redis and PostgreSQL:
// a bare asynq no-op round trip (enqueue → handler) and upload → completed
// and upload → graph exists for a one-page TXT with the builtin analyzer on
// one worker, in pairs (each ratio is one pair's); sustained analyses per
// second; and the Redis commands per second and CPU an idle worker costs.
// The bare server polls every 20 ms (SPADE's own check interval before
// workers were woken on enqueue); SPADE runs at its configuration.
//
//	go test -run '^$' -bench Pipeline -benchtime 1x ./cmd/spade
func BenchmarkPipeline(b *testing.B) {
	if os.Getenv("SPADE_TASK_CHECK_INTERVAL") == "" {
		b.Setenv("SPADE_TASK_CHECK_INTERVAL", "1s") // the production default, not the tests' 5ms
	}
	if os.Getenv("SPADE_WORKER_CONCURRENCY") == "" {
		b.Setenv("SPADE_WORKER_CONCURRENCY", "16")
	}
	redisURL := testenv.Redis(b)
	s := newStack(b, testenv.Postgres(b), redisURL, nil)
	const bareInterval = 20 * time.Millisecond
	const n = 200

	// 1–2. In pairs, on the same Redis and the same check interval: a bare
	// asynq no-op round trip, then upload → completed and upload → graph
	// exists, sequentially. Pairs, because the machine's load changes
	// over a run: the ratio of each pair is what is compared.
	bare := newBareServer(b, s, bareInterval)
	var done, graph, bareD []time.Duration
	var ratios, graphRatios []float64
	var traces []trace
	for i := 0; i < n; i++ {
		bd := bare.roundTrip(b, s)
		// Let the worker go idle first, as it is when an upload arrives.
		time.Sleep(bareInterval + 5*time.Millisecond)
		start := time.Now()
		code, v, body := s.upload("/api/analyze", "one-page.txt", []byte(sampleTXT))
		if code != http.StatusAccepted {
			b.Fatalf("upload %d %s", code, body)
		}
		tr := trace{id: v.ID, start: start}
		var completedAt time.Duration
		s.pollRaw(v.ID, func(v analysis.View) bool {
			if completedAt == 0 && v.Status == analysis.StatusCompleted {
				completedAt = time.Since(start)
			}
			return finished(v)
		})
		g := time.Since(start)
		bareD, done, graph = append(bareD, bd), append(done, completedAt), append(graph, g)
		ratios = append(ratios, float64(completedAt)/float64(bd))
		graphRatios = append(graphRatios, float64(g)/float64(bd))
		tr.seen = time.Now()
		traces = append(traces, tr)
	}
	bare.stop()
	printTrace(b, s, traces)

	// 3. Sustained throughput: 50 clients uploading at once.
	const total, clients = 400, 50
	start := time.Now()
	var wg sync.WaitGroup
	ids := make(chan string, total)
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < total/clients; i++ {
				code, v, body := s.upload("/api/analyze", "one-page.txt", []byte(sampleTXT))
				if code != http.StatusAccepted {
					b.Errorf("upload %d %s", code, body)
					return
				}
				ids <- v.ID
			}
		}()
	}
	wg.Wait()
	close(ids)
	for id := range ids {
		s.pollRaw(id, func(v analysis.View) bool {
			return v.Status == analysis.StatusCompleted || v.Status == analysis.StatusFailed
		})
	}
	rate := float64(total) / time.Since(start).Seconds()

	// 4. Idle cost: Redis commands per second and this process's CPU
	// (api and worker, both idle) with the worker waiting for work.
	idle, idleCPU := idleCost(b, s, 5*time.Second)

	p := func(d []time.Duration, q float64) float64 { return pct(d, q).Seconds() * 1000 }
	b.ReportMetric(p(bareD, 0.5), "bare-p50-ms")
	b.ReportMetric(p(bareD, 0.99), "bare-p99-ms")
	b.ReportMetric(median(ratios), "completed/bare")
	b.ReportMetric(median(graphRatios), "graph/bare")
	b.ReportMetric(p(done, 0.5), "completed-p50-ms")
	b.ReportMetric(p(done, 0.99), "completed-p99-ms")
	b.ReportMetric(p(graph, 0.5), "graph-p50-ms")
	b.ReportMetric(p(graph, 0.99), "graph-p99-ms")
	b.ReportMetric(rate, "analyses/s")
	b.ReportMetric(idle, "idle-redis-cmd/s")
	b.ReportMetric(idleCPU, "idle-cpu-%")
	fmt.Printf("SPADE task check interval %s, bare %s, %d pairs: bare p50 %.1f ms p99 %.1f ms | completed p50 %.1f ms p99 %.1f ms, per pair min/median/max %.2f/%.2f/%.2fx bare | graph p50 %.1f ms p99 %.1f ms, per pair %.2f/%.2f/%.2fx bare | %.0f analyses/s | idle %.0f redis cmd/s, %.1f %% of a core\n",
		s.app.Cfg.TaskCheckInterval, bareInterval, n, p(bareD, .5), p(bareD, .99), p(done, .5), p(done, .99), minOf(ratios), median(ratios), maxOf(ratios),
		p(graph, .5), p(graph, .99), minOf(graphRatios), median(graphRatios), maxOf(graphRatios), rate, idle, idleCPU)
}

// trace is one sequential analysis of BenchmarkPipeline: when its upload
// started and when the client saw it finished.
type trace struct {
	id          string
	start, seen time.Time
}

// printTrace prints where upload → finished goes, the median of each
// segment over the sequential analyses, from the stage marks the worker
// writes on the row (stage@time) and the row's last update (the inline
// diagram stored after the result): api (upload to the queued row),
// dequeue (enqueue, the worker's check interval, the run lease and the
// row read, the stage write), extract, analyse, the result and its writes,
// the diagram and its write, and the poll that saw it.
func printTrace(b *testing.B, s *stack, traces []trace) {
	segments := []string{"api", "dequeue", "extract", "analyse", "result", "diagram", "poll"}
	got := map[string][]time.Duration{}
	for _, tr := range traces {
		a, err := s.app.Repo.GetByID(context.Background(), tr.id)
		if err != nil {
			b.Fatal(err)
		}
		at := map[string]time.Time{}
		for _, m := range a.ParseStages() {
			if _, ok := at[m.Stage]; !ok {
				at[m.Stage] = m.At
			}
		}
		points := []time.Time{tr.start, at[analysis.StageQueued], at[analysis.StageExtractingText], at[analysis.StageAnalyzing],
			at[analysis.StageBuildingModel], at[analysis.StageCompleted], a.UpdatedAt, tr.seen}
		for i, name := range segments {
			if points[i].IsZero() || points[i+1].IsZero() {
				continue
			}
			got[name] = append(got[name], points[i+1].Sub(points[i]))
		}
	}
	var parts []string
	var sum time.Duration
	for _, name := range segments {
		if len(got[name]) == 0 {
			continue
		}
		m := pct(got[name], 0.5)
		sum += m
		parts = append(parts, fmt.Sprintf("%s %.1f", name, m.Seconds()*1000))
	}
	fmt.Printf("trace of one analysis, medians over %d sequential ones (ms): %s (sum %.1f)\n", len(traces), strings.Join(parts, " | "), sum.Seconds()*1000)
}

// pollRaw polls as fast as the server answers (the UI polls far slower);
// the poll itself is part of what is measured.
func (s *stack) pollRaw(id string, done func(analysis.View) bool) {
	s.waitForEvery(id, 60*time.Second, time.Millisecond, done)
}

// bareServer is a bare asynq server on the stack's Redis with one no-op
// handler: the reference round trip.
type bareServer struct {
	srv      *asynq.Server
	got      chan time.Time
	interval time.Duration
}

func newBareServer(b *testing.B, s *stack, interval time.Duration) *bareServer {
	bs := &bareServer{got: make(chan time.Time, 1), interval: interval}
	mux := asynq.NewServeMux()
	mux.HandleFunc("bench:noop", func(context.Context, *asynq.Task) error { bs.got <- time.Now(); return nil })
	bs.srv = asynq.NewServerFromRedisClient(s.app.Queue.Redis, asynq.Config{
		Concurrency: 1, Queues: map[string]int{"bench": 1}, TaskCheckInterval: interval, LogLevel: asynq.FatalLevel,
	})
	if err := bs.srv.Start(mux); err != nil {
		b.Fatal(err)
	}
	return bs
}

// roundTrip enqueues one no-op task and waits for its handler.
func (bs *bareServer) roundTrip(b *testing.B, s *stack) time.Duration {
	// Let the server go idle first, as it is when an upload arrives:
	// back to back, the next task is fetched without waiting.
	time.Sleep(bs.interval + 5*time.Millisecond)
	start := time.Now()
	if _, err := s.app.Queue.Client.Enqueue(asynq.NewTask("bench:noop", nil), asynq.Queue("bench")); err != nil {
		b.Fatal(err)
	}
	return (<-bs.got).Sub(start)
}

func (bs *bareServer) stop() { bs.srv.Shutdown() }

// idleCost measures, over window, the Redis commands per second and this
// process's CPU in % of one core while nothing is queued.
func idleCost(b *testing.B, s *stack, window time.Duration) (cmds, cpu float64) {
	ctx := context.Background()
	count := func() float64 {
		info, err := s.app.Queue.Redis.Info(ctx, "stats").Result()
		if err != nil {
			b.Fatal(err)
		}
		for _, line := range strings.Split(info, "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "total_commands_processed:"); ok {
				f, _ := strconv.ParseFloat(v, 64)
				return f
			}
		}
		return 0
	}
	cpuTime := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	time.Sleep(time.Second) // let the last graph tasks drain
	before, cpuBefore, start := count(), cpuTime(), time.Now()
	time.Sleep(window)
	elapsed := time.Since(start)
	cpu = 100 * float64(cpuTime()-cpuBefore) / float64(elapsed)
	return (count() - before - 1) / elapsed.Seconds(), cpu
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	c := append([]float64(nil), x...)
	sort.Float64s(c)
	return c[len(c)/2]
}

func minOf(x []float64) float64 { return slices.Min(x) }
func maxOf(x []float64) float64 { return slices.Max(x) }

func pct(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	c := append([]time.Duration(nil), d...)
	sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
	return c[int(float64(len(c)-1)*q)]
}
