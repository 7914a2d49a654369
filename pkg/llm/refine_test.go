package llm

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/spade-bpmn/spade/pkg/process"
)

// scripted answers each call with the next model or error and records the
// inputs it was given.
type scripted struct {
	answers []any // process.Model or error
	inputs  []Input
}

func (s *scripted) Name() string { return "scripted" }

func (s *scripted) Analyze(_ context.Context, in Input) (*Result, error) {
	s.inputs = append(s.inputs, in)
	a := s.answers[len(s.inputs)-1]
	if err, ok := a.(error); ok {
		return nil, err
	}
	n := len(s.inputs)
	return &Result{Model: a.(process.Model), ModelName: "m", Usage: Usage{InputTokens: 10 * n, OutputTokens: n, TotalTokens: 11 * n}}, nil
}

func good() process.Model {
	return process.Model{ProcessName: "P", Activities: []process.Activity{{ID: "a", Name: "Check invoice", Performer: "Clerk"}}}
}

func TestAnalyzeValidated(t *testing.T) {
	empty := process.Model{ProcessName: "empty"}
	tests := []struct {
		name      string
		answers   []any
		wantCalls int
		wantName  string
		wantUsage Usage
		wantErr   bool
	}{
		{"repairable first answer: one call", []any{good()}, 1, "P", Usage{10, 1, 11}, false},
		{"unrepairable then good: second wins", []any{empty, good()}, 2, "P", Usage{30, 3, 33}, false},
		{"unrepairable twice: first kept", []any{empty, process.Model{ProcessName: "still empty"}}, 2, "empty", Usage{30, 3, 33}, false},
		{"corrective call fails: first kept", []any{empty, ErrUnavailable}, 2, "empty", Usage{10, 1, 11}, false},
		{"first call fails", []any{ErrRateLimited}, 1, "", Usage{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &scripted{answers: tt.answers}
			r, err := AnalyzeValidated(context.Background(), p, Input{Kind: KindDocument, Text: "x"})
			if len(p.inputs) != tt.wantCalls {
				t.Fatalf("%d calls, want %d", len(p.inputs), tt.wantCalls)
			}
			if tt.wantErr {
				if !errors.Is(err, ErrRateLimited) {
					t.Fatalf("err %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Model.ProcessName != tt.wantName || r.Usage != tt.wantUsage {
				t.Errorf("got %q %+v", r.Model.ProcessName, r.Usage)
			}
			if len(p.inputs[0].Problems) != 0 {
				t.Error("first call carried problems")
			}
			if tt.wantCalls == 2 && !reflect.DeepEqual(p.inputs[1].Problems, []string{"The process has no activities."}) {
				t.Errorf("problems sent %v", p.inputs[1].Problems)
			}
			if r.Model.ProcessName == "P" && len(r.Model.Validate()) != 0 {
				t.Errorf("returned model not repaired: %v", r.Model.Validate())
			}
		})
	}
}
