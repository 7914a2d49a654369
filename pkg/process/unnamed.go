package process

import (
	"fmt"
	"strconv"
	"strings"
)

// Ordinal spells n as "1st", "2nd", "3rd", "4th", … "11th", "21st".
func Ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// UnnamedPhrase names the n-th of the unnamed elements of one kind in one
// place: "the 2nd unnamed task", or "the unnamed task" when it is the
// only one (of at most 1).
func UnnamedPhrase(kind string, n, of int) string {
	if of <= 1 {
		return "the unnamed " + kind
	}
	return "the " + Ordinal(n) + " unnamed " + kind
}

// activityKindWords spells an activity type for a person ("user task",
// "sub-process"), as the conversion note spells the BPMN kind.
var activityKindWords = map[string]string{
	ActivityUser: "user task", ActivityService: "service task", ActivitySend: "send task",
	ActivityReceive: "receive task", ActivityManual: "manual task", ActivityBusinessRule: "business rule task",
	ActivityScript: "script task", ActivitySubProcess: "sub-process", ActivityEventSubProcess: "sub-process",
	ActivityTransaction: "transaction", ActivityAdHoc: "ad-hoc sub-process", ActivityCall: "call activity",
}

// unnamedActivities names each activity the model leaves unnamed by its
// kind and position among the unnamed of its kind in the same pool and
// sub-process, in model order ("the 2nd unnamed task"; "the unnamed task"
// when it is the only one), the way a BPMN
// file's conversion note names them (tomodel.Namer). A person reads that
// where an empty name or the modeller's id would stand.
func unnamedActivities(m *Model) map[string]string {
	var els []unnamedElement
	for _, a := range m.Activities {
		if a.Name != "" {
			continue
		}
		kind, ok := activityKindWords[a.Type]
		if !ok {
			kind = "task"
		}
		els = append(els, unnamedElement{a.ID, a.Pool, a.Parent, kind})
	}
	return byKindAndPosition(els)
}

// unnamedGateways names each gateway the model leaves unnamed as
// unnamedActivities names activities ("the 2nd unnamed exclusive
// gateway"), for a model converted from a BPMN file, where the report
// beside the text names them so too; the analyzers' own gateways read
// "Decision" (gatewayName).
func unnamedGateways(m *Model) map[string]string {
	var els []unnamedElement
	for _, g := range m.Gateways {
		if g.Name == "" {
			els = append(els, unnamedElement{g.ID, g.Pool, g.Parent, strings.ToLower(titleType(g.Type)) + " gateway"})
		}
	}
	return byKindAndPosition(els)
}

// unnamedElement is an element without a name: its id, where it sits
// (pool and sub-process) and its kind in words ("user task").
type unnamedElement struct{ id, pool, parent, kind string }

// byKindAndPosition names each element by its kind and its position among
// those of its kind in the same pool and sub-process, in the given order
// ("the 2nd unnamed task"; "the unnamed task" when it is the only one).
// An id listed twice keeps its first place.
func byKindAndPosition(els []unnamedElement) map[string]string {
	type key struct{ pool, parent, kind string }
	type place struct {
		k key
		n int
	}
	total := map[key]int{}
	at := map[string]place{}
	var ids []string
	for _, e := range els {
		if _, ok := at[e.id]; ok {
			continue
		}
		k := key{e.pool, e.parent, e.kind}
		total[k]++
		at[e.id] = place{k, total[k]}
		ids = append(ids, e.id)
	}
	out := make(map[string]string, len(ids))
	for _, id := range ids {
		p := at[id]
		out[id] = UnnamedPhrase(p.k.kind, p.n, total[p.k])
	}
	return out
}

// UnnamedActivityNames maps each activity the model leaves unnamed to the
// name the formatted text gives it ("the 2nd unnamed task"), for the
// exports' tables.
func UnnamedActivityNames(m *Model) map[string]string { return unnamedActivities(m) }

// GatewayLabel is the name the formatted text gives a gateway: its own,
// else "Decision" ("Work in parallel" for a parallel one).
func GatewayLabel(g Gateway) string {
	return gatewayName(Step{Name: g.Name, GatewayType: g.Type})
}

// nameUnnamed gives the formatted text's steps, and the branches leading
// to them, the names unnamedActivities spells, and a called pool's process
// its pool's name; in a model converted from a BPMN file (Verbatim) also
// its unnamed gateways the names unnamedGateways spells, where a branch
// leads to the gateway itself ("Continue"). The model is left as it is.
func nameUnnamed(m *Model, steps []Step) {
	names := unnamedActivities(m)
	gateways := map[string]string{}
	if m.Verbatim {
		gateways = unnamedGateways(m)
	}
	retarget := func(brs []Branch) {
		for i := range brs {
			if n, ok := names[brs[i].TargetID]; ok {
				brs[i].TargetName = n
			} else if n, ok := gateways[brs[i].TargetID]; ok && brs[i].TargetName == "Continue" {
				brs[i].TargetName = n
			}
		}
	}
	for i := range steps {
		s := &steps[i]
		if n, ok := names[s.ID]; ok && s.Kind == StepActivity && s.Name == "" {
			s.Name = n
		}
		if n, ok := gateways[s.ID]; ok && s.Kind == StepGateway && s.Name == "" {
			s.Name = n
		}
		if s.CalledElement != "" {
			s.CalledElement = calledName(m, s.CalledElement)
		}
		if n, ok := names[s.Parent]; ok && s.ParentName == "" {
			s.ParentName = n
		}
		retarget(s.Branches)
		for j := range s.Boundaries {
			retarget(s.Boundaries[j].Branches)
		}
	}
}

// poolName names a pool in the formatted text: its name, or, unnamed, its
// position among the unnamed pools ("the 2nd unnamed pool"), never an
// empty string or its id.
func poolName(m *Model, id string) string {
	total, pos := 0, 0
	for _, p := range m.Pools {
		if p.ID == id && p.Name != "" {
			return p.Name
		}
		if p.Name == "" {
			total++
			if p.ID == id && pos == 0 {
				pos = total
			}
		}
	}
	if pos == 0 {
		return poolLabel(m, id)
	}
	return UnnamedPhrase("pool", pos, total)
}

// calledName names what a call activity calls: the process of a pool of
// the model by the pool's name, else the reference as the file wrote it
// (a process key such as "checkCredit" is the modeller's own word).
func calledName(m *Model, called string) string {
	for _, p := range m.Pools {
		if p.ProcessID != "" && p.ProcessID == called {
			if p.Name == "" {
				return "the process of " + poolName(m, p.ID)
			}
			return fmt.Sprintf("the process of pool %q", p.Name)
		}
	}
	return called
}
