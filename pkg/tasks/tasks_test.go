package tasks

import "testing"

func TestTaskID(t *testing.T) {
	tests := []struct{ typ, id, kind, want string }{
		{TypeAnalysisProcess, "a1", "", "a1:process"},
		{TypeAnalysisGraph, "a1", "", "a1:graph"},
		{TypeAnalysisGraph, "a1", "r7", "a1:graph:r7"},
	}
	for _, tt := range tests {
		if got := TaskID(tt.typ, tt.id, tt.kind); got != tt.want {
			t.Errorf("TaskID(%q,%q,%q) = %q, want %q", tt.typ, tt.id, tt.kind, got, tt.want)
		}
	}
}

func TestParsePayload(t *testing.T) {
	tests := []struct {
		in      string
		wantErr bool
	}{
		{`{"analysis_id":"x"}`, false},
		{`{}`, true},
		{`not json`, true},
		{``, true},
	}
	for _, tt := range tests {
		_, err := ParsePayload([]byte(tt.in))
		if (err != nil) != tt.wantErr {
			t.Errorf("ParsePayload(%q) err = %v, wantErr %v", tt.in, err, tt.wantErr)
		}
	}
}

func TestNewTaskQueues(t *testing.T) {
	task, err := NewAnalysisProcessTask("abc", Options{})
	if err != nil || task.Type() != TypeAnalysisProcess {
		t.Fatalf("task %v err %v", task, err)
	}
	if _, err := NewAnalysisGraphTask("", Options{}); err == nil {
		t.Fatal("empty id accepted")
	}
}
