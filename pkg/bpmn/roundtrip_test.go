package bpmn

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/bpmntest"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// facts lists what a round trip must keep, by element kind: flow nodes by
// type, id and name, sequence flows by ends, message flows, boundary
// attachment, sub-process nesting, data associations, event definitions.
func facts(t *testing.T, b []byte) map[string]map[string]bool {
	t.Helper()
	d := readDiagram(t, b)
	out := map[string]map[string]bool{}
	add := func(kind, fact string) {
		if out[kind] == nil {
			out[kind] = map[string]bool{}
		}
		out[kind][fact] = true
	}
	for id, e := range d.els {
		switch {
		case isNodeKind(e.local):
			add("flow nodes", e.local+" "+id)
			if name := oneLine(e.name); name != "" {
				// the builder names unnamed events (bpmnlint
				// label-required) and writes names on one line
				add("names", id+" "+name)
			}
			if e.attached != "" {
				add("boundary attachment", id+"@"+e.attached)
			}
			if p := d.els[e.parent]; p != nil && isNodeKind(p.local) {
				add("sub-process nesting", id+" in "+e.parent)
			}
		case e.local == "sequenceFlow":
			add("sequence flows", e.source+"->"+e.target)
		case e.local == "messageFlow":
			add("message flows", e.source+"->"+e.target)
		case e.local == "dataObjectReference" || e.local == "dataStoreReference":
			add("data", e.local+" "+id)
		case strings.HasSuffix(e.local, "EventDefinition"):
			add("event definitions", e.parent+" "+e.local)
		case e.local == "participant":
			add("pools", id+" "+strings.TrimSpace(e.name))
		case e.local == "lane" && strings.TrimSpace(e.name) != "":
			// an unnamed lane has no participant to become
			add("lanes", strings.TrimSpace(e.name))
		}
	}
	return out
}

// TestRoundTripMIWG reads each MIWG reference model into a model
// (tomodel) and builds it again: what the file holds must come back, and
// the result must pass the reference tools. The per-kind figures are
// logged (go test -run TestRoundTripMIWG -v).
func TestRoundTripMIWG(t *testing.T) {
	t.Parallel()
	dir := testenv.MIWGDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.bpmn"))
	kept, total := map[string]int{}, map[string]int{}
	docs := map[string][]byte{}
	var lost []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := tomodel.FromXML(src)
		if err != nil {
			t.Logf("%s: %v", filepath.Base(f), err)
			continue
		}
		out, err := Build(m)
		if err != nil {
			t.Errorf("%s: build: %v", filepath.Base(f), err)
			continue
		}
		docs[filepath.Base(f)] = out
		a, b := facts(t, src), facts(t, out)
		via := throughInserted(t, out)
		for kind, set := range a {
			for fact := range set {
				total[kind]++
				switch {
				case b[kind][fact]:
					kept[kind]++
				case kind == "sequence flows" && via[fact]:
					kept[kind]++
					kept["sequence flows rerouted"]++
				default:
					lost = append(lost, filepath.Base(f)+": "+kind+": "+fact)
				}
			}
		}
	}
	kinds := make([]string, 0, len(total))
	for k := range total {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("%-20s %4d / %4d preserved (%.1f %%)", k, kept[k], total[k], 100*float64(kept[k])/float64(total[k]))
	}
	sort.Strings(lost)
	for i, l := range lost {
		if i == 40 {
			t.Logf("… %d more", len(lost)-40)
			break
		}
		t.Logf("lost %s", l)
	}
	t.Logf("(%d sequence flows run through a gateway inserted to repair an implicit split or join)", kept["sequence flows rerouted"])
	if total["flow nodes"] == 0 {
		t.Fatal("no model converted")
	}
	for _, k := range kinds {
		if r := float64(kept[k]) / float64(total[k]); r < 0.99 {
			t.Errorf("%s: only %.1f %% survive the round trip (target 99 %%)", k, 100*r)
		}
	}
	bpmntest.Check(t, docs)
}

// throughInserted lists the connections A->B the builder kept through
// gateways it inserted to repair implicit splits and joins (ids
// Gateway_Split_…, Gateway_Merge_…, Gateway_Join_…).
func throughInserted(t *testing.T, b []byte) map[string]bool {
	d := readDiagram(t, b)
	out := map[string][]string{}
	for _, e := range d.els {
		if e.local == "sequenceFlow" {
			out[e.source] = append(out[e.source], e.target)
		}
	}
	inserted := func(id string) bool {
		return strings.HasPrefix(id, "Gateway_Split_") || strings.HasPrefix(id, "Gateway_Merge_") || strings.HasPrefix(id, "Gateway_Join_")
	}
	res := map[string]bool{}
	for from := range out {
		if inserted(from) {
			continue
		}
		seen := map[string]bool{}
		stack := append([]string(nil), out[from]...)
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[n] {
				continue
			}
			seen[n] = true
			if inserted(n) {
				stack = append(stack, out[n]...)
				continue
			}
			res[from+"->"+n] = true
		}
	}
	return res
}
