package process

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
// gateway"), as the BPMN report names them in a file (tomodel.Namer).
// In a model the analyzer wrote (not Verbatim), a split whose branches
// carry conditions is named by the question they answer instead
// ("Approved or rejected?"), and is not counted among the unnamed: the
// analyzer knows the question, a file's modeller did not write it.
func unnamedGateways(m *Model) map[string]string {
	outgoing := map[string][]Flow{}
	if !m.Verbatim {
		for _, f := range m.Flows {
			outgoing[f.Source] = append(outgoing[f.Source], f)
		}
	}
	questions := map[string]string{}
	var els []unnamedElement
	for _, g := range m.Gateways {
		if g.Name != "" {
			continue
		}
		if q := questionOf(g, outgoing[g.ID]); q != "" {
			questions[g.ID] = q
			continue
		}
		els = append(els, unnamedElement{g.ID, g.Pool, g.Parent, strings.ToLower(titleType(g.Type)) + " gateway"})
	}
	out := byKindAndPosition(els)
	for id, q := range questions {
		if _, ok := out[id]; !ok {
			out[id] = q
		}
	}
	return out
}

// questionMax is the longest question a gateway is named by; longer
// conditions are sentences, not a name.
const questionMax = 80

// questionOf is the question an exclusive or inclusive split decides,
// from the conditions on its outgoing flows (out): "Approved?" for one,
// "Approved or rejected?", "Car, train or plane?" for two or three; ""
// when the flows carry none, only answers ("yes", "no", "otherwise")
// that say nothing without the question, more than three, or too long.
func questionOf(g Gateway, out []Flow) string {
	if g.Type == GatewayParallel || g.Type == GatewayEventBased {
		return ""
	}
	var conds []string
	seen := map[string]bool{}
	for _, f := range out {
		c := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(f.Condition), "?"))
		k := strings.ToLower(c)
		if f.Default || c == "" || seen[k] || bareAnswers[k] {
			continue
		}
		seen[k] = true
		conds = append(conds, c)
	}
	var q string
	switch len(conds) {
	case 1:
		q = conds[0]
	case 2, 3:
		q = strings.Join(conds[:len(conds)-1], ", ") + " or " + conds[len(conds)-1]
	default:
		return ""
	}
	if len(q) > questionMax {
		return ""
	}
	r, size := utf8.DecodeRuneInString(q)
	return string(unicode.ToUpper(r)) + q[size:] + "?"
}

// bareAnswers are conditions that answer a question without saying it.
var bareAnswers = map[string]bool{"yes": true, "no": true, "y": true, "n": true, "true": true, "false": true,
	"ok": true, "not ok": true, "otherwise": true, "else": true, "default": true}

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

// GatewayNames maps each gateway to the name the formatted text gives
// it: its own, else its question or its kind and position
// (unnamedGateways), for the exports' tables.
func GatewayNames(m *Model) map[string]string {
	out := unnamedGateways(m)
	for _, g := range m.Gateways {
		if _, ok := out[g.ID]; !ok {
			out[g.ID] = g.Name
		}
	}
	return out
}

// DisplayNames maps each activity and gateway to the name a person reads
// for it in the formatted text and the exports: its own, else the one
// derived from its kind and position (UnnamedActivityNames) or, for a
// gateway, its question (GatewayNames). The web app shows these names and
// derives none itself. Where an activity and a gateway share an id, the
// activity's name is given.
func DisplayNames(m *Model) map[string]string {
	out := GatewayNames(m)
	unnamed := unnamedActivities(m)
	for _, a := range m.Activities {
		if n, ok := unnamed[a.ID]; ok && a.Name == "" {
			out[a.ID] = n
		} else {
			out[a.ID] = a.Name
		}
	}
	return out
}

// NamedSteps is Ordered with the names the formatted text gives unnamed
// activities and gateways, in their own steps and in the branches leading
// to them, for the exports' tables. The model is left as it is.
func NamedSteps(m *Model) []Step {
	steps := Ordered(m)
	nameUnnamed(m, steps)
	return steps
}

// nameUnnamed gives the formatted text's steps, and the branches leading
// to them, the names unnamedActivities spells, and a called pool's process
// its pool's name; also its unnamed gateways the names unnamedGateways
// spells, where a branch leads to the gateway itself ("Continue"). The
// model is left as it is.
func nameUnnamed(m *Model, steps []Step) {
	names := unnamedActivities(m)
	gateways := unnamedGateways(m)
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
