package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func TestBPMNCommand(t *testing.T) {
	good := filepath.Join(testenv.MIWGDir(t), "C.1.0.bpmn")
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.bpmn")
	if err := os.WriteFile(broken, []byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="P">`), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.bpmn")
	if err := os.WriteFile(empty, []byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="P"/></definitions>`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		wantErr string // "" for success
		check   func(t *testing.T, out []byte)
	}{
		{name: "model of a good file", args: []string{"model", good}, check: func(t *testing.T, out []byte) {
			m, err := process.Decode(out)
			if err != nil || len(m.Pools) != 2 || len(m.MessageFlows) == 0 || len(m.Activities) == 0 {
				t.Errorf("model: %v, %d pools, %d message flows, %d activities", err, len(m.Pools), len(m.MessageFlows), len(m.Activities))
			}
		}},
		{name: "convert a good file", args: []string{"convert", good}, check: func(t *testing.T, out []byte) {
			if _, err := parse.Parse(out); err != nil || !bytes.Contains(out, []byte("BPMNShape")) {
				t.Errorf("converted file: %v %.200s", err, out)
			}
			// drawn as the file said: bpmnlint may flag what the file's
			// modeller drew (unnamed end events), nothing new
			bpmntest.CheckRoundTrip(t, map[string]string{"C.1.0": good}, map[string][]byte{"C.1.0": out})
		}},
		{name: "broken file", args: []string{"convert", broken}, wantErr: "not well-formed XML"},
		{name: "file without a process", args: []string{"model", empty}, wantErr: "holds no process"},
		{name: "missing file", args: []string{"model", filepath.Join(dir, "nope.bpmn")}, wantErr: "no such file"},
		{name: "unknown subcommand", args: []string{"draw", good}, wantErr: "usage"},
		{name: "no file", args: []string{"model"}, wantErr: "usage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := runBPMN(tt.args, &out, &errOut)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("err = %v (stderr %s)", err, errOut.String())
				}
				tt.check(t, out.Bytes())
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			if out.Len() != 0 {
				t.Errorf("refused file wrote %d bytes to stdout", out.Len())
			}
			if tt.wantErr == "usage" && (!errors.Is(err, errUsage) || !strings.Contains(errOut.String(), "spade bpmn model FILE")) {
				t.Errorf("usage not printed: %v %q", err, errOut.String())
			}
		})
	}
}
