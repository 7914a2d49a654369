package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/failure"
)

const bpmnUsage = `usage:
  spade bpmn model FILE     print the process model JSON of a BPMN 2.0 file
  spade bpmn convert FILE   print the file → model → BPMN round trip, drawn with SPADE's layout

What the model cannot hold (groups, vendor extensions, …) is listed on
standard error. A file SPADE refuses exits with status 1 and the reason on
standard error.
`

// errUsage is returned for a command line runBPMN does not understand.
var errUsage = errors.New("bpmn: usage")

// runBPMN runs `spade bpmn …`: the converter and the builder on a local
// file, without a database or a server.
func runBPMN(args []string, stdout, stderr io.Writer) error {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		fmt.Fprint(stdout, bpmnUsage)
		return nil
	}
	if len(args) != 2 || (args[0] != "model" && args[0] != "convert") {
		fmt.Fprint(stderr, bpmnUsage)
		return errUsage
	}
	data, err := readLimited(args[1])
	if err != nil {
		return err
	}
	conv, err := tomodel.ConvertXML(data)
	if err != nil {
		return userError(args[1], err)
	}
	if note := conv.Note(); note != "" {
		fmt.Fprintln(stderr, note)
	}
	var out []byte
	if args[0] == "model" {
		if out, err = json.MarshalIndent(conv.Model, "", "  "); err != nil {
			return fmt.Errorf("encode model: %w", err)
		}
		out = append(out, '\n')
	} else if out, err = bpmn.Build(conv.Model); err != nil {
		return userError(args[1], err)
	}
	_, err = stdout.Write(out)
	return err
}

// readLimited reads a file of at most parse.MaxSize bytes, so that a huge
// file is refused before it is read into memory.
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, parse.MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, nil
}

// userError keeps the detail a person can act on, without the cause's
// internals.
func userError(path string, err error) error {
	if d, ok := failure.Detail(err); ok {
		return fmt.Errorf("%s: %s", path, d)
	}
	return fmt.Errorf("%s: %w", path, err)
}
