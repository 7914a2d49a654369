package tomodel

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/process"
)

// boundaryLanes puts a boundary event that no lane names in its host's
// lane: it sits on the host's border (modellers rarely list boundary
// events in lanes, and the builder draws them there).
func (c *converter) boundaryLanes() {
	lane := map[string]string{}
	for _, a := range c.m.Activities {
		lane[a.ID] = a.Performer
	}
	for i := range c.m.Events {
		e := &c.m.Events[i]
		if e.Type == process.EventBoundary && e.Performer == "" {
			e.Performer = lane[e.AttachedTo]
		}
	}
}

// ownPool gives a process drawn in no pool a pool of its own.
func (c *converter) ownPool(p *parse.Element, poolOf map[*parse.Element]string) {
	id := "Participant_" + p.ID
	for c.used[id] || c.defs.ByID(id) != nil {
		id += "_"
	}
	c.used[id] = true
	name := p.Label()
	if name == "" {
		// The pool is the converter's, not the file's: it gets a name (a
		// pool the file left unnamed stays unnamed).
		name = "Pool " + strconv.Itoa(len(c.m.Pools)+1)
	}
	c.m.Pools = append(c.m.Pools, process.Pool{ID: id, Name: name, ProcessID: p.ID})
	poolOf[p] = id
	c.adjust("%s is in no pool: converted as a pool of its own", p)
}

func hasFlowNodes(p *parse.Element) bool {
	for _, e := range p.Children {
		if parse.IsFlowNode(e.Kind) {
			return true
		}
	}
	return false
}

// lanesOf turns a process' lane sets into participants. Lane names are the
// key nodes use (Performer), so a pool's lanes get distinct names: an
// unnamed or repeated lane gets a numbered one.
func (c *converter) lanesOf(p *parse.Element, pool string) {
	names := map[string]bool{}
	var walk func(set *parse.Element, parent string)
	walk = func(set *parse.Element, parent string) {
		for _, l := range set.ChildrenOf("lane") {
			name := l.Label()
			if name == "" || names[name] {
				base := name
				if base == "" {
					base = "Lane"
				}
				name = base
				for n := 2; names[name]; n++ {
					name = base + " " + strconv.Itoa(n)
				}
				// the new name goes into the format: a "%" in it is literal
				called := strings.ReplaceAll(strconv.Quote(name), "%", "%%")
				if l.Label() == "" {
					c.adjust("%s is called "+called, l)
				} else {
					c.adjust("a second %s is called "+called, l)
				}
			}
			names[name] = true
			c.lanes[l] = name
			c.m.Participants = append(c.m.Participants, process.Participant{
				Name: name, Description: doc(l), ID: c.id(l), Pool: pool, Parent: parent,
				Unnamed: l.Label() == "",
			})
			if child := l.Child("childLaneSet"); child != nil {
				walk(child, name)
			}
		}
	}
	for _, set := range p.ChildrenOf("laneSet") {
		walk(set, "")
	}
}

// performer returns the innermost lane holding e, or inherited.
func (c *converter) performer(e *parse.Element, inherited string) string {
	best, depth := "", -1
	for _, l := range e.Lanes {
		name, ok := c.lanes[l]
		if !ok {
			continue
		}
		dp := 0
		for p := l.Parent; p != nil && p.Kind != "process"; p = p.Parent {
			dp++
		}
		if dp > depth {
			best, depth = name, dp
		}
	}
	if best == "" {
		return inherited
	}
	return best
}

// describe names an element for the conversion note a person reads (see
// Namer.Describe). It counts e's siblings; a caller naming many elements
// of one file uses a Namer.
func describe(e *parse.Element) string {
	return NewNamer().Describe(e)
}

// Namer names elements for a person the way the conversion note does. It
// remembers each holder's unnamed children once counted, so naming every
// element of a large file costs linear time, not quadratic.
type Namer struct {
	pos map[*parse.Element]place
	// onHost is an unnamed boundary event's place among the unnamed
	// boundary events of its host.
	onHost map[*parse.Element]place
}

// place is an unnamed element's position among the unnamed of its kind
// in its holder, and their number.
type place struct{ n, of int }

// NewNamer returns a Namer with nothing counted yet.
func NewNamer() *Namer {
	return &Namer{pos: map[*parse.Element]place{}, onHost: map[*parse.Element]place{}}
}

// Describe names e by its kind and name (`lane "Clerk"`), or, unnamed, by
// its kind and position among the unnamed of its kind in what holds it
// (`the 2nd unnamed lane in process "Billing"`; `the unnamed lane` when
// it is the only one). An unnamed boundary event is named by its host
// instead (`the unnamed boundary event on "Check invoice"`, `the 2nd
// unnamed boundary event on the unnamed task in process "Billing"`): its
// holder is the host's, where boundary events of different activities
// would be told apart by nothing. Never its id: ids are the modeller's
// internals ("sid-744AE…").
func (nm *Namer) Describe(e *parse.Element) string {
	kind := kindWords(e.Kind)
	if name := e.Label(); name != "" {
		return fmt.Sprintf("%s %q", kind, name)
	}
	if h := e.AttachedTo; h != nil && h != e && h.AttachedTo == nil {
		return nm.onHostName(e, kind, h)
	}
	s := "an unnamed " + kind
	if e.Parent != nil {
		p := nm.position(e)
		s = process.UnnamedPhrase(kind, p.n, p.of)
		if holder := e.Parent; holder.Kind == "laneSet" || holder.Kind == "childLaneSet" {
			holder = holder.Parent
			if holder != nil && holder.Label() != "" {
				s += fmt.Sprintf(" in %s %q", kindWords(holder.Kind), holder.Label())
			}
		} else if holder.Label() != "" && holder.Kind != "definitions" {
			s += fmt.Sprintf(" in %s %q", kindWords(holder.Kind), holder.Label())
		}
	}
	return s
}

// position returns e's place among the unnamed children of its kind of
// e's parent, counting all of the parent's children the first time.
func (nm *Namer) position(e *parse.Element) place {
	if _, ok := nm.pos[e]; !ok {
		placeUnnamed(nm.pos, e.Parent.Children, func(sib *parse.Element) string { return sib.Kind })
	}
	return nm.pos[e]
}

// placeUnnamed records in into the place of each unnamed element of els
// among the unnamed of els with the same group: its position, in order,
// and their number.
func placeUnnamed(into map[*parse.Element]place, els []*parse.Element, group func(*parse.Element) string) {
	seen := map[string]int{}
	for _, el := range els {
		if el.Label() == "" {
			seen[group(el)]++
			into[el] = place{n: seen[group(el)]}
		}
	}
	for _, el := range els {
		if p, ok := into[el]; ok && p.of == 0 {
			into[el] = place{n: p.n, of: seen[group(el)]}
		}
	}
}

// onHostName names unnamed boundary event e by its position among the
// unnamed boundary events of host h and by h: its name, or, unnamed, how
// Describe names it.
func (nm *Namer) onHostName(e *parse.Element, kind string, h *parse.Element) string {
	if _, ok := nm.onHost[e]; !ok {
		placeUnnamed(nm.onHost, h.Boundary, func(*parse.Element) string { return "" })
	}
	p := nm.onHost[e]
	s := process.UnnamedPhrase(kind, p.n, p.of)
	if name := h.Label(); name != "" {
		return fmt.Sprintf("%s on %q", s, name)
	}
	return s + " on " + nm.Describe(h)
}

// kindWords spells a BPMN element kind as words: "exclusiveGateway" is
// "exclusive gateway".
func kindWords(kind string) string {
	var b strings.Builder
	for i, r := range kind {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte(' ')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
