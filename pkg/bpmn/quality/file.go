package quality

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/lint/rules"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
)

// AnalyzeFile reads an uploaded .bpmn/.xml file, or a .json process model
// of this project (drawn with bpmn.Build first), lints it with
// lint.Recommended and the logic rules (lint.Logic) and analyses it. Errors carry a user-facing detail.
func AnalyzeFile(data []byte, filename string) (*Report, error) {
	xmlData := data
	fromJSON := isJSON(data, filename)
	if fromJSON {
		var m process.Model
		dec := json.NewDecoder(bytes.NewReader(data))
		if err := dec.Decode(&m); err != nil {
			return nil, failure.Permanent("This JSON file is not a SPADE process model (it could not be read: "+
				jsonProblem(err)+"). Upload a .bpmn file, or a process model exported by SPADE.", err)
		}
		process.Migrate(&m)
		if !looksLikeModel(data) {
			return nil, failure.Permanent("This JSON file is not a SPADE process model: it has none of the fields activities, events, gateways or flows. Upload a .bpmn file, or a process model exported by SPADE.", nil)
		}
		built, err := bpmn.Build(&m)
		if err != nil {
			if _, ok := failure.Detail(err); ok {
				return nil, err
			}
			// Drawing is deterministic: retrying the same model fails again.
			return nil, failure.Permanent("SPADE could not draw this process model as BPMN. Check that its flows connect known activities, gateways and events.", err)
		}
		xmlData = built
	}
	defs, err := parse.Parse(xmlData)
	if err != nil {
		return nil, err
	}
	r := Analyze(defs, lint.New(rules.All()...).Run(defs, lint.Recommended.With(lint.Logic)))
	r.FileName = filepath.Base(filename)
	r.XML, r.FromModelJSON, r.Definitions = xmlData, fromJSON, defs
	if r.ProcessName == "" {
		r.ProcessName = strings.TrimSuffix(r.FileName, filepath.Ext(r.FileName))
	}
	if r.ProcessName == "" || r.ProcessName == "." {
		r.ProcessName = "Process Analysis"
	}
	return r, nil
}

func looksLikeModel(data []byte) bool {
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) != nil {
		return false
	}
	for _, k := range []string{"activities", "events", "gateways", "flows"} {
		if _, ok := keys[k]; ok {
			return true
		}
	}
	return false
}

func isJSON(data []byte, filename string) bool {
	if strings.EqualFold(filepath.Ext(filename), ".json") {
		return true
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n\xef\xbb\xbf")
	return len(trimmed) > 0 && trimmed[0] == '{'
}

func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case asErr(err, &se):
		return fmt.Sprintf("invalid JSON at byte %d", se.Offset)
	case asErr(err, &te):
		return fmt.Sprintf("field %q should be %s", te.Field, te.Type)
	}
	return "invalid JSON"
}

func asErr[T error](err error, target *T) bool { return errors.As(err, target) }
