package queue

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// wakeServer is an asynq server built on a Waker, counting the tasks it ran.
type wakeServer struct {
	waker *Waker
	srv   *asynq.Server
	mu    sync.Mutex
	ran   map[string]int
	got   chan string
}

func startWakeServer(t *testing.T, q *Queue, fallback time.Duration, got chan string) *wakeServer {
	t.Helper()
	ws := &wakeServer{waker: q.NewWaker(1, fallback), ran: map[string]int{}, got: got}
	mux := asynq.NewServeMux()
	mux.HandleFunc("test:wake", func(_ context.Context, task *asynq.Task) error {
		ws.mu.Lock()
		ws.ran[string(task.Payload())]++
		ws.mu.Unlock()
		ws.got <- string(task.Payload())
		return nil
	})
	ws.srv = asynq.NewServerFromRedisClient(ws.waker.Client(), asynq.Config{
		Concurrency: 2, Queues: map[string]int{"wake": 1}, TaskCheckInterval: 2 * time.Millisecond, LogLevel: asynq.FatalLevel,
	})
	ws.waker.Start(10 * time.Second)
	if err := ws.srv.Start(mux); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ws.waker.Stop()
		ws.srv.Shutdown()
		_ = ws.waker.Close()
	})
	return ws
}

// waitIdle waits until the server's fetch is held waiting for a wake (the
// bound is a hang guard, not a timing assertion).
func (ws *wakeServer) waitIdle(t *testing.T) {
	t.Helper()
	for range 2000 {
		if ws.waker.Waiting() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the worker never went idle")
}

// TestWake: an idle worker whose fallback poll is an hour away runs a task
// enqueued through Queue.Enqueue, which wakes it, on the in-process Redis
// and on a real one; with the wake lost (the task enqueued without one)
// the fallback poll finds it; with two workers woken at once, every task
// runs exactly once. Hang guards only, no durations asserted.
func TestWake(t *testing.T) {
	redisURL := testenv.Redis(t)
	for _, backend := range []struct{ name, url string }{{"in-process", ""}, {"redis-server", redisURL}} {
		t.Run(backend.name, func(t *testing.T) {
			tests := []struct {
				name     string
				fallback time.Duration
				workers  int
				tasks    int
				wake     bool
			}{
				{"woken", time.Hour, 1, 1, true},
				{"wake lost, fallback poll", 20 * time.Millisecond, 1, 1, false},
				{"several workers", time.Hour, 2, 6, true},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					q, err := Open(backend.url)
					if err != nil {
						t.Fatal(err)
					}
					defer q.Close()
					ctx := context.Background()
					if err := q.Redis.FlushDB(ctx).Err(); err != nil {
						t.Fatal(err)
					}
					var servers []*wakeServer
					got := make(chan string, 64)
					for range tt.workers {
						servers = append(servers, startWakeServer(t, q, tt.fallback, got))
					}
					for _, s := range servers {
						s.waitIdle(t)
					}
					for i := range tt.tasks {
						task := asynq.NewTask("test:wake", fmt.Appendf(nil, "t%d", i), asynq.Queue("wake"))
						if tt.wake {
							err = q.Enqueue(ctx, task)
						} else {
							_, err = q.Client.Enqueue(task) // no wake published
						}
						if err != nil {
							t.Fatal(err)
						}
					}
					hang := time.After(30 * time.Second)
					for seen := 0; seen < tt.tasks; seen++ {
						select {
						case <-got:
						case <-hang:
							t.Fatalf("%d of %d tasks ran", seen, tt.tasks)
						}
					}
					for _, s := range servers {
						s.waker.Stop()
						s.srv.Shutdown()
					}
					total := map[string]int{}
					for _, s := range servers {
						for k, n := range s.ran {
							total[k] += n
						}
					}
					for i := range tt.tasks {
						if n := total[fmt.Sprintf("t%d", i)]; n != 1 {
							t.Errorf("task t%d ran %d times, want 1", i, n)
						}
					}
				})
			}
		})
	}
}

// TestScriptKind: only asynq's dequeue and forward scripts are held or
// watched; every other command passes untouched.
func TestScriptKind(t *testing.T) {
	tests := []struct {
		name string
		args []any
		want int
	}{
		{"dequeue", []any{"evalsha", "abc", 4, "asynq:{analysis}:pending", "asynq:{analysis}:paused", "asynq:{analysis}:active", "asynq:{analysis}:lease", 1, "asynq:{analysis}:t:"}, scriptDequeue},
		{"dequeue, script not cached", []any{"eval", "local x", 4, "asynq:{q}:pending", "asynq:{q}:paused", "asynq:{q}:active", "asynq:{q}:lease", 1, "p"}, scriptDequeue},
		{"forward retry", []any{"evalsha", "abc", 2, "asynq:{q}:retry", "asynq:{q}:pending", 1, "p", 2, "g"}, scriptForward},
		{"forward scheduled", []any{"evalsha", "abc", 2, "asynq:{q}:scheduled", "asynq:{q}:pending", 1, "p", 2, "g"}, scriptForward},
		{"enqueue", []any{"evalsha", "abc", 2, "asynq:{q}:t:1", "asynq:{q}:pending", "msg", 1}, scriptOther},
		{"plain command", []any{"lpush", "asynq:{q}:pending", "x"}, scriptOther},
		{"other script", []any{"evalsha", "abc", 1, "spade:lease"}, scriptOther},
		{"too few args", []any{"evalsha", "abc", 4, "asynq:{q}:pending"}, scriptOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := scriptKind(tt.args); got != tt.want {
				t.Errorf("scriptKind = %d, want %d", got, tt.want)
			}
		})
	}
}
