package metrics

import (
	"errors"
	"sort"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"
)

// QueueCollector reads queue sizes from Redis on every scrape through
// asynq's Inspector (asynq's own exporter lives in a module the proxy here
// does not serve; this one exports the same numbers under SPADE's names).
type QueueCollector struct {
	insp   *asynq.Inspector
	queues []string

	size      *prometheus.Desc
	latency   *prometheus.Desc
	processed *prometheus.Desc
	failed    *prometheus.Desc
	paused    *prometheus.Desc
	up        *prometheus.Desc
}

// NewQueueCollector collects the given queues (they are reported even
// before their first task, as zero).
func NewQueueCollector(insp *asynq.Inspector, queues []string) *QueueCollector {
	qs := append([]string(nil), queues...)
	sort.Strings(qs)
	d := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc(prometheus.BuildFQName(Namespace, "queue", name), help, labels, nil)
	}
	return &QueueCollector{
		insp: insp, queues: qs,
		size:      d("tasks", "Tasks in a queue by state (pending, active, scheduled, retry, archived, completed).", "queue", "state"),
		latency:   d("latency_seconds", "Age of the oldest pending task in a queue.", "queue"),
		processed: d("processed_total", "Tasks processed (succeeded or failed) since the queue was created.", "queue"),
		failed:    d("failed_total", "Tasks failed since the queue was created.", "queue"),
		paused:    d("paused", "1 when the queue is paused.", "queue"),
		up:        d("up", "1 when Redis answered the last scrape.", "queue"),
	}
}

// RegisterQueues adds a QueueCollector for queues to the registry.
func (m *Metrics) RegisterQueues(insp *asynq.Inspector, queues []string) error {
	return m.Registry.Register(NewQueueCollector(insp, queues))
}

// Describe implements prometheus.Collector.
func (c *QueueCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.size, c.latency, c.processed, c.failed, c.paused, c.up} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *QueueCollector) Collect(ch chan<- prometheus.Metric) {
	for _, q := range c.queues {
		info, err := c.insp.GetQueueInfo(q)
		if err != nil {
			// A queue that never held a task does not exist in Redis yet;
			// Redis being down also lands here: report it as not up.
			ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, boolf(isQueueNotFound(err)), q)
			continue
		}
		ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, 1, q)
		for state, n := range map[string]int{
			"pending": info.Pending, "active": info.Active, "scheduled": info.Scheduled,
			"retry": info.Retry, "archived": info.Archived, "completed": info.Completed,
		} {
			ch <- prometheus.MustNewConstMetric(c.size, prometheus.GaugeValue, float64(n), q, state)
		}
		ch <- prometheus.MustNewConstMetric(c.latency, prometheus.GaugeValue, info.Latency.Seconds(), q)
		ch <- prometheus.MustNewConstMetric(c.processed, prometheus.CounterValue, float64(info.ProcessedTotal), q)
		ch <- prometheus.MustNewConstMetric(c.failed, prometheus.CounterValue, float64(info.FailedTotal), q)
		ch <- prometheus.MustNewConstMetric(c.paused, prometheus.GaugeValue, boolf(info.Paused), q)
	}
}

func isQueueNotFound(err error) bool {
	return errors.Is(err, asynq.ErrQueueNotFound) || strings.Contains(err.Error(), "does not exist")
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
