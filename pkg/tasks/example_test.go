package tasks_test

import (
	"fmt"

	"github.com/spade-bpmn/spade/pkg/tasks"
)

// The api enqueues one process task per upload; the task id makes a second
// enqueue of the same analysis a no-op, and the payload carries only the
// analysis id (the worker loads the rest from the database).
func ExampleNewAnalysisProcessTask() {
	task, err := tasks.NewAnalysisProcessTask("an-42", tasks.Options{})
	if err != nil {
		panic(err)
	}
	p, err := tasks.ParsePayload(task.Payload())
	if err != nil {
		panic(err)
	}
	fmt.Println(task.Type(), p.AnalysisID, tasks.TaskID(task.Type(), p.AnalysisID, ""))

	// Batch reprocessing runs on its own low-weight queue, with the run's id
	// as Kind so it does not collide with live work on the same analysis.
	re, err := tasks.NewAnalysisProcessTask("an-42", tasks.Options{Queue: tasks.QueueReprocess, Kind: "run-7"})
	if err != nil {
		panic(err)
	}
	fmt.Println(re.Type(), tasks.TaskID(re.Type(), "an-42", "run-7"))

	_, err = tasks.NewAnalysisProcessTask("", tasks.Options{})
	fmt.Println(err)
	// Output:
	// analysis:process an-42 an-42:process
	// analysis:process an-42:process:run-7
	// analysis:process: empty analysis id
}
