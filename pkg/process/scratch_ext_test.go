package process_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/process"
)

func TestScratchMIWG(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/testdata/bpmn/miwg-reference/*.bpmn")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		m, err := tomodel.FromXML(data)
		if err != nil {
			fmt.Println(f, err)
			continue
		}
		before := *m
		bj, _ := json.Marshal(before)
		var cp process.Model
		json.Unmarshal(bj, &cp)
		ps0 := cp.Validate()
		ps := process.Repair(&cp)
		fmt.Println("==", filepath.Base(f), "before:", len(ps0), "after:", ps)
		for _, p := range ps0 {
			fmt.Println("   ", p.Code, p.Message)
		}
		ba := map[string]process.Activity{}
		for _, a := range before.Activities {
			ba[a.ID] = a
		}
		for _, a := range cp.Activities {
			if b := ba[a.ID]; fmt.Sprint(b) != fmt.Sprint(a) {
				fmt.Printf("   act %s: perf %q→%q pool %q→%q parent %q→%q type %q→%q\n", a.ID, b.Performer, a.Performer, b.Pool, a.Pool, b.Parent, a.Parent, b.Type, a.Type)
			}
		}
		be := map[string]process.Event{}
		for _, e := range before.Events {
			be[e.ID] = e
		}
		for _, e := range cp.Events {
			if b := be[e.ID]; fmt.Sprint(b) != fmt.Sprint(e) {
				fmt.Printf("   ev %s: %+v\n      → %+v\n", e.ID, b, e)
			}
		}
	}
}
