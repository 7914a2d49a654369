// Package tasks names the queue task types, their payloads and
// constructors. It is where the api (which enqueues) and the worker (which
// handles) meet. Payloads carry only the analysis id: the data lives in the
// database.
package tasks

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task types.
const (
	TypeAnalysisProcess = "analysis:process"
	TypeAnalysisGraph   = "analysis:graph"
)

// Queues and their weights: reprocessing only gets what live traffic leaves.
const (
	QueueAnalysis  = "analysis"
	QueueGraph     = "graph"
	QueueReprocess = "reprocess"
)

// Queues maps queue name to priority weight for asynq.Config.
var Queues = map[string]int{QueueAnalysis: 6, QueueGraph: 3, QueueReprocess: 1}

// Default limits of each task.
const (
	ProcessTimeout = 10 * time.Minute
	GraphTimeout   = 2 * time.Minute
	MaxRetry       = 5
)

// Payload is the body of every analysis task.
type Payload struct {
	AnalysisID string `json:"analysis_id"`
}

// Options tweak a task at enqueue time.
type Options struct {
	// Queue overrides the default queue (batch reprocessing uses QueueReprocess).
	Queue string
	// Kind separates task ids of the same type (e.g. a reprocess run); empty
	// for live traffic.
	Kind string
}

// NewAnalysisProcessTask returns the task that extracts and analyzes.
func NewAnalysisProcessTask(analysisID string, o Options) (*asynq.Task, error) {
	return newTask(TypeAnalysisProcess, analysisID, o, QueueAnalysis, ProcessTimeout)
}

// NewAnalysisGraphTask returns the task that builds the BPMN diagram.
func NewAnalysisGraphTask(analysisID string, o Options) (*asynq.Task, error) {
	return newTask(TypeAnalysisGraph, analysisID, o, QueueGraph, GraphTimeout)
}

// TaskID is the asynq task id: analysis id + kind, so enqueuing the same
// work twice is harmless.
func TaskID(taskType, analysisID, kind string) string {
	id := analysisID + ":" + taskType[len("analysis:"):]
	if kind != "" {
		id += ":" + kind
	}
	return id
}

func newTask(typ, id string, o Options, queue string, timeout time.Duration) (*asynq.Task, error) {
	if id == "" {
		return nil, fmt.Errorf("%s: empty analysis id", typ)
	}
	b, err := json.Marshal(Payload{AnalysisID: id})
	if err != nil {
		return nil, err
	}
	if o.Queue != "" {
		queue = o.Queue
	}
	return asynq.NewTask(typ, b,
		asynq.TaskID(TaskID(typ, id, o.Kind)),
		asynq.Queue(queue),
		asynq.MaxRetry(MaxRetry),
		asynq.Timeout(timeout),
	), nil
}

// ParsePayload decodes a task payload; a payload without an id is poison.
func ParsePayload(b []byte) (Payload, error) {
	var p Payload
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("payload: %w", err)
	}
	if p.AnalysisID == "" {
		return p, fmt.Errorf("payload: no analysis id")
	}
	return p, nil
}
