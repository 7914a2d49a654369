package worker

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/tasks"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestSweepTakesOver: an analysis whose task asynq still shows as live,
// but whose run lease names a process that stopped heartbeating and missed
// its extensions (a worker killed with kill -9), is run again by the sweep
// at once, under a task id of its own, and completes exactly once although
// two workers found it together (a sweep, and a takeover pass between
// sweeps). A holder that is alive, a lease extended
// on time, or a lease that names no process (an older version's) is left
// alone. On a real Redis, with the worker's asynq server registered in it.
func TestSweepTakesOver(t *testing.T) {
	pl := &pipeline.Pipeline{Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
		return &pipeline.Extracted{Text: string(data), Format: "txt"}, nil
	})}
	s := newStackOn(t, testenv.Redis(t), Config{}, pl)
	ctx := context.Background()
	// The worker's server registers with its first heartbeat (the bound is
	// a hang guard, not a timing assertion).
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		if _, err := s.q.Servers(); err == nil {
			break
		} else if time.Since(start) > time.Minute {
			t.Fatalf("the worker's asynq server never listed: %v", err)
		}
	}
	dead := queue.Holder{Token: "d1", Process: queue.Process{Host: "gone-host", PID: 4242}, Taken: time.Now()}.String()
	// The holder had this process's host and pid, and took its lease
	// before this process's server started: a container restarted with its
	// worker as pid 1 again.
	reused := queue.Holder{Token: "d2", Process: thisProcess(t, s.q), Taken: time.Now().Add(-time.Hour)}.String()
	for _, tc := range []struct {
		name, id string
		// lease sets the run lease of key (as the holder left it) and
		// returns its value.
		lease func(t *testing.T, key string) string
		want  bool
		// lost: asynq lost the task too (the plain re-enqueue of the
		// sweep and the takeover may both run; one result all the same).
		lost bool
	}{
		{"holder gone, extensions missed", "sw-gone", func(t *testing.T, key string) string {
			return setLease(t, s.q, key, dead, 5*time.Second)
		}, true, false},
		{"holder gone, task lost", "sw-lost", func(t *testing.T, key string) string {
			return setLease(t, s.q, key, dead, 5*time.Second)
		}, true, true},
		{"holder's pid reused by a new process", "sw-reused", func(t *testing.T, key string) string {
			return setLease(t, s.q, key, reused, 5*time.Second)
		}, true, false},
		{"holder alive near its hard cap", "sw-alive", func(t *testing.T, key string) string {
			// Its task's deadline caps its lease 5 s from now.
			capped, cancel := context.WithTimeout(ctx, 5*time.Second)
			t.Cleanup(cancel)
			l, ok, err := s.q.Hold(capped, key, runLeaseTTL, 0)
			if err != nil || !ok {
				t.Fatalf("Hold: %v %v", ok, err)
			}
			t.Cleanup(l.Release)
			v, _ := s.q.Redis.Get(ctx, leaseKey(key)).Result()
			return v
		}, false, false},
		{"holder gone, lease extended on time", "sw-on-time", func(t *testing.T, key string) string {
			return setLease(t, s.q, key, dead, 25*time.Second)
		}, false, false},
		{"an older version's lease", "sw-older", func(t *testing.T, key string) string {
			return setLease(t, s.q, key, "d1", 5*time.Second)
		}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := tc.id
			s.add(t, id, analysis.TypeDocument, "order.txt", 100)
			// The dead run had begun; its task is still live in asynq.
			if err := s.db.Exec(`UPDATE analyses SET status = ?, updated_at = ? WHERE id = ?`,
				analysis.StatusRunning, time.Now().UTC().Add(-time.Minute), id).Error; err != nil {
				t.Fatal(err)
			}
			task, err := tasks.NewAnalysisProcessTask(id, tasks.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !tc.lost {
				if _, err := s.q.Client.EnqueueContext(ctx, task, asynq.ProcessIn(time.Hour)); err != nil {
					t.Fatal(err)
				}
			}
			key := tasks.TypeAnalysisProcess + ":" + id
			value := tc.lease(t, key)

			// Two workers look at once: one sweeps, the other looks for
			// takeovers between its sweeps.
			var wg sync.WaitGroup
			counts := make([]int, 2)
			for i, pass := range []func(context.Context) (int, error){s.w.Sweep, s.w.TakeOvers} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					n, err := pass(ctx)
					if err != nil {
						t.Error(err)
					}
					counts[i] = n
				}()
			}
			wg.Wait()
			if got := counts[0] + counts[1]; got != map[bool]int{true: 1}[tc.want] && (!tc.lost || got != 2) {
				t.Fatalf("the sweeps enqueued %d analyses (%v), want taken over: %v", got, counts, tc.want)
			}
			if !tc.want {
				if v, _ := s.q.Redis.Get(ctx, leaseKey(key)).Result(); v != value {
					t.Errorf("lease %q became %q", value, v)
				}
				a, err := s.repo.GetByID(ctx, id)
				if err != nil || a.Status != analysis.StatusRunning {
					t.Errorf("row: %+v %v, want still running", a, err)
				}
				return
			}
			s.waitFor(t, id, completed)
			var log string
			if err := s.db.Raw(`SELECT stages_log FROM analyses WHERE id = ?`, id).Scan(&log).Error; err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(log, analysis.StageCompleted+"@"); n != 1 {
				t.Errorf("completed %d times:\n%s", n, log)
			}
			// The orphaned task, when asynq gives it back, finds the work
			// done; the sweeps have nothing left to do.
			if n, err := s.w.Sweep(ctx); n != 0 || err != nil {
				t.Errorf("sweep after the takeover: %d, %v", n, err)
			}
			if n, err := s.w.TakeOvers(ctx); n != 0 || err != nil {
				t.Errorf("takeovers after the takeover: %d, %v", n, err)
			}
		})
	}
}

// leaseKey is the Redis key of a run lease (pkg/queue's prefix).
func leaseKey(key string) string { return "spade:run:" + key }

// setLease writes a run lease as its holder left it, with left to live,
// and its deadline beside it (as Queue.Hold keeps it).
func setLease(t *testing.T, q *queue.Queue, key, value string, left time.Duration) string {
	t.Helper()
	ctx := context.Background()
	now, err := q.Redis.Time(ctx).Result()
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Redis.Set(ctx, leaseKey(key), value, left).Err(); err != nil {
		t.Fatal(err)
	}
	deadline := float64(now.Add(left).UnixMilli())
	if err := q.Redis.ZAdd(ctx, "spade:run-deadlines", redis.Z{Score: deadline, Member: leaseKey(key)}).Err(); err != nil {
		t.Fatal(err)
	}
	return value
}

// thisProcess is this process as its queue names it in the leases it
// takes.
func thisProcess(t *testing.T, q *queue.Queue) queue.Process {
	t.Helper()
	l, ok, err := q.Hold(context.Background(), "self-probe", time.Minute, 0)
	if err != nil || !ok {
		t.Fatalf("Hold: %v %v", ok, err)
	}
	defer l.Release()
	v, err := q.Redis.Get(context.Background(), leaseKey("self-probe")).Result()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.SplitN(v, " ", 4)
	pid, err := strconv.Atoi(f[1])
	if len(f) != 4 || err != nil {
		t.Fatalf("lease value %q", v)
	}
	return queue.Process{Host: f[3], PID: pid}
}
