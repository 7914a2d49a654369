package bpmn

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// XML ids of the diagram being built: unique NCNames, the model's own
// ids kept where they are valid and free, so that a file read and written
// again keeps them.

var (
	ncInvalid = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)
	ncName    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)
)

// newID returns a unique XML id (an NCName) made of prefix and a sanitised
// form of raw; ids stay deterministic because they only depend on the
// model.
func (g *graph) newID(prefix, raw string) string {
	s := strings.Trim(ncInvalid.ReplaceAllString(raw, "_"), "_")
	if len(s) > 60 {
		s = s[:60]
	}
	if s == "" {
		s = "1"
	}
	base := prefix + s
	id := base
	// next remembers where the numbering of a base stopped, so that many
	// "Event_End" stay linear
	k := max(g.next[base], 2)
	for ; g.ids[id] || g.reserved[id]; k++ {
		id = base + "_" + strconv.Itoa(k)
	}
	if id != base {
		g.next[base] = k
	}
	g.ids[id] = true
	return id
}

// modelID keeps the model's id when it is a valid NCName not used yet, so
// that a BPMN file read into a model and written again keeps its ids;
// otherwise it makes one with newID.
func (g *graph) modelID(prefix, raw string) string {
	if g.reserved[raw] && !g.ids[raw] {
		g.ids[raw] = true
		return raw
	}
	return g.newID(prefix, raw)
}

// reserve records the model's ids that can be kept verbatim.
func (g *graph) reserve(m *process.Model) {
	add := func(id string) {
		if ncName.MatchString(id) && !strings.HasSuffix(id, "_di") {
			g.reserved[id] = true
		}
	}
	for _, p := range m.Pools {
		add(p.ID)
		add(p.ProcessID)
	}
	for _, p := range m.Participants {
		add(p.ID)
	}
	for _, a := range m.Activities {
		add(a.ID)
	}
	for _, x := range m.Gateways {
		add(x.ID)
	}
	for _, e := range m.Events {
		add(e.ID)
		for _, r := range e.Refs {
			add(r.ID)
		}
	}
	for _, f := range m.Flows {
		add(f.ID)
	}
	for _, f := range m.MessageFlows {
		add(f.ID)
	}
	for _, d := range m.Data {
		add(d.ID)
	}
	for _, d := range m.DataAssociations {
		add(d.ID)
	}
	for _, a := range m.Annotations {
		add(a.ID)
	}
}
