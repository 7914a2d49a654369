// Package queue connects SPADE to Redis for asynq: a real server given by
// URL, or an in-process server (miniredis) for one-machine use. The same
// asynq code runs on both.
package queue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/spade-bpmn/spade/pkg/tasks"
)

// ErrUnavailable means Redis cannot be reached.
var ErrUnavailable = errors.New("queue unavailable")

// Queue is the connection plus the asynq client and inspector.
type Queue struct {
	Opt       asynq.RedisConnOpt
	Redis     redis.UniversalClient
	Client    *asynq.Client
	Inspector *asynq.Inspector
	// self is this process as asynq registers its server (host, pid):
	// the run leases it takes name it as their holder.
	self     Process
	embedded *miniredis.Miniredis
}

// Open connects to url; an empty url starts an in-process Redis.
func Open(url string) (*Queue, error) {
	q := &Queue{self: thisProcess()}
	if url == "" {
		m := miniredis.NewMiniRedis()
		if err := m.StartAddr("127.0.0.1:0"); err != nil {
			return nil, fmt.Errorf("in-process redis: %w", err)
		}
		q.embedded = m
		url = "redis://" + m.Addr() + "/0"
	}
	opt, err := ParseURL(url)
	if err != nil {
		return nil, err
	}
	q.Opt = opt
	q.Redis = opt.MakeRedisClient().(redis.UniversalClient)
	q.Client = asynq.NewClientFromRedisClient(q.Redis)
	q.Inspector = asynq.NewInspectorFromRedisClient(q.Redis)
	return q, nil
}

// Embedded reports whether Redis runs in this process.
func (q *Queue) Embedded() bool { return q.embedded != nil }

// Ping checks Redis.
func (q *Queue) Ping(ctx context.Context) error {
	if err := q.Redis.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return nil
}

// Enqueue adds a task; a task with the same id already queued is success.
// Idle workers are woken at once (see Waker).
func (q *Queue) Enqueue(ctx context.Context, t *asynq.Task) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if err := EnqueueOnce(ctx, q.Client, t); err != nil {
		return fmt.Errorf("%w: enqueue %s: %v", ErrUnavailable, t.Type(), err)
	}
	q.Wake(ctx)
	return nil
}

// Wake tells idle workers to look for tasks now (after an enqueue, or
// after tasks were put back). It is only a hint: a wake that cannot be
// published is dropped, and the workers' fallback poll finds the task.
func (q *Queue) Wake(ctx context.Context) {
	_ = q.Redis.Publish(ctx, WakeChannel, "").Err()
}

// Enqueuer puts a task on the queue (asynq.Client; tests count calls).
type Enqueuer interface {
	EnqueueContext(ctx context.Context, t *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// EnqueueOnce enqueues t. Task ids name the work (pkg/tasks), so a task
// with the same id already queued, running or kept as done means the work
// is in hand: that counts as success, and enqueuing twice is harmless.
func EnqueueOnce(ctx context.Context, c Enqueuer, t *asynq.Task, opts ...asynq.Option) error {
	_, err := c.EnqueueContext(ctx, t, opts...)
	if err == nil || errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// EnqueueProcess enqueues analysis:process for id on the live queue.
func (q *Queue) EnqueueProcess(ctx context.Context, id string) error {
	t, err := tasks.NewAnalysisProcessTask(id, tasks.Options{})
	if err != nil {
		return err
	}
	return q.Enqueue(ctx, t)
}

// EnqueueGraph enqueues analysis:graph for id on the live queue.
func (q *Queue) EnqueueGraph(ctx context.Context, id string) error {
	t, err := tasks.NewAnalysisGraphTask(id, tasks.Options{})
	if err != nil {
		return err
	}
	return q.Enqueue(ctx, t)
}

// Live reports whether a task with this id is pending, active, scheduled or
// retrying in any queue. An archived or missing task is not live.
func (q *Queue) Live(ctx context.Context, taskID string) (bool, error) {
	for name := range tasks.Queues {
		info, err := q.Inspector.GetTaskInfo(name, taskID)
		if err != nil {
			if errors.Is(err, asynq.ErrTaskNotFound) || errors.Is(err, asynq.ErrQueueNotFound) {
				continue
			}
			return false, err
		}
		if info.State != asynq.TaskStateArchived && info.State != asynq.TaskStateCompleted {
			return true, nil
		}
	}
	return false, nil
}

// Delete removes a task whatever its state (used before re-enqueuing an
// archived task).
func (q *Queue) Delete(taskID string) {
	for name := range tasks.Queues {
		_ = q.Inspector.DeleteTask(name, taskID)
	}
}

// Close releases the connection and stops the in-process server.
func (q *Queue) Close() error {
	err := q.Client.Close()
	_ = q.Inspector.Close()
	_ = q.Redis.Close()
	if q.embedded != nil {
		q.embedded.Close()
	}
	return err
}
