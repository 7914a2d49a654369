package api

import (
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/hibiken/asynqmon"
)

// QueueDashboardPath is where the asynqmon dashboard is mounted.
const QueueDashboardPath = "/ops/queues"

// NewQueueDashboard returns the asynqmon dashboard for the queue's Redis,
// rooted at /ops/queues, and a func that releases its connections.
// asynqmon is no longer maintained: this function is the only place that
// knows it, so replacing it touches nothing else.
func NewQueueDashboard(opt asynq.RedisConnOpt) (http.Handler, func() error) {
	h := asynqmon.New(asynqmon.Options{RootPath: QueueDashboardPath, RedisConnOpt: opt})
	return h, h.Close
}
