package worker

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// TestHandleErrorLogsLostFailure: when a task has failed for good and the
// failure cannot be written to the row (the database is away), the worker
// says so in its log instead of dropping it.
func TestHandleErrorLogsLostFailure(t *testing.T) {
	d, err := db.Open("sqlite://" + filepath.Join(t.TempDir(), "spade.db"))
	if err != nil {
		t.Fatal(err)
	}
	_ = d.Close() // every write fails
	for _, tc := range []struct {
		name string
		task func(string, tasks.Options) (*asynq.Task, error)
		want string
	}{
		{"process", tasks.NewAnalysisProcessTask, "could not record the analysis as failed"},
		{"graph", tasks.NewAnalysisGraphTask, "could not record the diagram as failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			w := &Worker{deps: Deps{Repo: analysis.NewRepo(d.DB), Log: slog.New(slog.NewTextHandler(&buf, nil))}}
			task, err := tc.task("a1", tasks.Options{})
			if err != nil {
				t.Fatal(err)
			}
			// No retry count in the context: the task counts as failed
			// for good.
			w.handleError(context.Background(), task, errors.New("provider down"))
			if !strings.Contains(buf.String(), tc.want) || !strings.Contains(buf.String(), "level=ERROR") {
				t.Errorf("log does not report the lost failure (%q):\n%s", tc.want, buf.String())
			}
		})
	}
}
