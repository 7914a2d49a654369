package queue

import (
	"context"
	"errors"
	"testing"

	"github.com/spade-bpmn/spade/pkg/tasks"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestEnqueueTwiceIsSuccess: the same work enqueued twice (a duplicate
// delivery, a sweep racing the api, a reprocess run started again) is one
// task and no error, on a real Redis; a Redis that is gone is an error.
func TestEnqueueTwiceIsSuccess(t *testing.T) {
	q, err := Open(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := q.EnqueueProcess(ctx, "a1"); err != nil {
			t.Fatalf("enqueue %d: %v", i+1, err)
		}
	}
	task, err := tasks.NewAnalysisGraphTask("a1", tasks.Options{Queue: tasks.QueueReprocess, Kind: "rp-1"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := EnqueueOnce(ctx, q.Client, task); err != nil {
			t.Fatalf("EnqueueOnce %d: %v", i+1, err)
		}
	}
	for queue, want := range map[string]int{tasks.QueueAnalysis: 1, tasks.QueueReprocess: 1} {
		info, err := q.Inspector.GetQueueInfo(queue)
		if err != nil || info.Size != want {
			t.Fatalf("queue %s: %+v %v, want %d task", queue, info, err, want)
		}
	}
	_ = q.Redis.Close()
	if err := q.EnqueueGraph(ctx, "a2"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("enqueue without Redis = %v, want ErrUnavailable", err)
	}
}
