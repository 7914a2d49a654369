// Package tomodel converts a parsed BPMN 2.0 file (pkg/bpmn/parse) into
// SPADE's process model (pkg/process), keeping everything the model can
// hold: pools and lanes, every flow node with its id, name and kind,
// sub-process nesting, events with their definitions, sequence flows with
// conditions and default flows, message flows, data and annotations.
//
// The conversion is the inverse of bpmn.Build for the model's subset, so
// that an uploaded file becomes an analysis like any document and an
// edited diagram flows back into the model. Elements outside the subset
// are listed in Result.Skipped rather than dropped without a word.
//
// The converter does not repair: a file with a boundary event on a
// gateway gives a model with that boundary event, and process.Repair or
// the builder decide what to do with it. This keeps the round trip
// measurable (what the file said, not what SPADE would have drawn).
package tomodel

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
)

// ErrNoProcess is the cause of the error for a file without any flow node
// or pool: there is nothing to convert.
var ErrNoProcess = errors.New("tomodel: no process in the file")

// Result is a conversion: the model and what it could not hold.
type Result struct {
	Model *process.Model
	// Skipped lists the elements outside the model's subset, one entry
	// per kind, most frequent first.
	Skipped []Skipped
	// Adjusted says what was converted differently from the file, because
	// the model cannot say it as the file did: ids renamed because another
	// element already used them, a process drawn in no pool given a pool
	// of its own, an unnamed or repeated lane name numbered.
	Adjusted []string
}

// Skipped counts the elements of one kind that were not converted.
type Skipped struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
	// Names are the first few skipped elements by name, or unnamed by
	// kind and position, so a reader can find them in the diagram (ids
	// are the modeller's internals, "sid-744AE…", and never shown).
	Names []string `json:"names,omitempty"`
}

// maxSkippedNames bounds the names listed per skipped kind.
const maxSkippedNames = 5

// Note says in one sentence what was not converted ("" when everything
// was).
func (r *Result) Note() string {
	if r == nil || (len(r.Skipped) == 0 && len(r.Adjusted) == 0) {
		return ""
	}
	var parts []string
	for _, s := range r.Skipped {
		p := fmt.Sprintf("%d %s", s.Count, s.Kind)
		if len(s.Names) > 0 {
			p += " (" + strings.Join(s.Names, ", ")
			if s.Count > len(s.Names) {
				p += ", …"
			}
			p += ")"
		}
		parts = append(parts, p)
	}
	note := ""
	if len(parts) > 0 {
		note = "Not converted into the process model: " + strings.Join(parts, "; ") + "."
	}
	if len(r.Adjusted) > 0 {
		if note != "" {
			note += " "
		}
		note += "Adjusted: " + strings.Join(r.Adjusted, "; ") + "."
	}
	return note
}

// FromXML parses a BPMN 2.0 document and converts it. Errors carry a
// user-facing detail (failure.Permanent).
func FromXML(data []byte) (*process.Model, error) {
	r, err := ConvertXML(data)
	if err != nil {
		return nil, err
	}
	return r.Model, nil
}

// ConvertXML is FromXML with the list of what was not converted.
func ConvertXML(data []byte) (*Result, error) {
	defs, err := parse.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("convert bpmn: %w", err)
	}
	return Convert(defs)
}

// FromDefinitions converts a parsed file into a process model.
func FromDefinitions(d *parse.Definitions) (*process.Model, error) {
	r, err := Convert(d)
	if err != nil {
		return nil, err
	}
	return r.Model, nil
}

// Convert converts a parsed file and reports what it could not hold.
func Convert(d *parse.Definitions) (*Result, error) {
	if d == nil || d.Root == nil {
		return nil, failure.Permanent("This BPMN file holds no <definitions> element, so there is no process to convert.", ErrNoProcess)
	}
	c := &converter{
		defs:    d,
		m:       &process.Model{Version: process.Version, Verbatim: true},
		used:    map[string]bool{},
		ids:     map[*parse.Element]string{},
		skipped: map[string]*Skipped{},
		next:    map[string]int{},
	}
	c.run()
	if len(c.m.Activities)+len(c.m.Events)+len(c.m.Gateways) == 0 && len(c.m.Pools) == 0 {
		return nil, failure.Permanent("This BPMN file holds no process: no task, event, gateway or pool was found in it. Export the diagram again from your modeller.", ErrNoProcess)
	}
	return &Result{Model: c.m, Skipped: c.skippedList(), Adjusted: c.adjusted}, nil
}

// converter holds the state of one conversion.
type converter struct {
	defs *parse.Definitions
	m    *process.Model
	// used holds every id given out, so that duplicates (which parse maps
	// to their first element) get fresh ones.
	used map[string]bool
	// ids maps an element to the id it has in the model.
	ids      map[*parse.Element]string
	adjusted []string
	// next counts the ids fresh gave out, per prefix.
	next    map[string]int
	skipped map[string]*Skipped
	// lanes maps a lane element to the participant name nodes in it get.
	lanes map[*parse.Element]string
	// dataRef maps a dataObject to the reference drawn for it, so that
	// associations naming the object land on the drawn reference.
	dataRef map[*parse.Element]*parse.Element
	// annotations maps an annotation id to its index in the model.
	annotations map[string]int
	// associations are collected while walking and resolved at the end,
	// when every annotation is known.
	associations []*parse.Element
}

func (c *converter) skip(kind string, e *parse.Element) {
	s := c.skipped[kind]
	if s == nil {
		s = &Skipped{Kind: kind}
		c.skipped[kind] = s
	}
	s.Count++
	if e == nil || len(s.Names) == maxSkippedNames {
		return
	}
	name := strconv.Quote(e.Label())
	if e.Label() == "" {
		name = describe(e)
	}
	if !slices.Contains(s.Names, name) {
		s.Names = append(s.Names, name)
	}
}

// maxAdjusted bounds the adjustments listed (a hostile file could cause
// thousands).
const maxAdjusted = 20

// adjust lists an adjustment; describe(e), its element, is only spelt
// while the list has room (it walks e's siblings: thousands of renamed
// ids would otherwise cost quadratic time).
func (c *converter) adjust(format string, e *parse.Element) {
	if len(c.adjusted) < maxAdjusted {
		c.adjusted = append(c.adjusted, fmt.Sprintf(format, describe(e)))
	}
}

func (c *converter) skippedList() []Skipped {
	out := make([]Skipped, 0, len(c.skipped))
	for _, s := range c.skipped {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// id returns the model id of e, choosing a fresh one when e has none or
// another element already took its id.
func (c *converter) id(e *parse.Element) string {
	if id, ok := c.ids[e]; ok {
		return id
	}
	id := strings.TrimSpace(e.ID)
	if id == "" || c.used[id] {
		base := id
		if base == "" {
			base = strings.ToUpper(e.Kind[:1]) + e.Kind[1:]
		} else if c.next[base] == 0 {
			// the second X becomes X_2
			c.next[base] = 1
		}
		cand := c.fresh(base)
		if id != "" {
			c.adjust("%s shares its id with another element: given a new one", e)
		}
		id = cand
	}
	c.used[id] = true
	c.ids[e] = id
	return id
}

// ref returns the model id of an element referenced by another one (the
// target of a flow, the host of a boundary event): its own id unless it
// was renamed.
func (c *converter) ref(e *parse.Element) string {
	if e == nil {
		return ""
	}
	if id, ok := c.ids[e]; ok {
		return id
	}
	return strings.TrimSpace(e.ID)
}

// scope is where a node sits: its pool, sub-process and inherited lane.
type scope struct {
	pool, parent, performer string
}

// run converts the definitions into c.m in phases: ids, pools, lanes and
// the process' name, then every process' content, the collaborations'
// message flows and artifacts, and the associations last.
func (c *converter) run() {
	d := c.defs
	c.lanes = map[*parse.Element]string{}
	c.dataRef = map[*parse.Element]*parse.Element{}
	c.annotations = map[string]int{}
	c.assignIDs()
	poolOf := c.collaborationPools()
	c.processPools(poolOf)
	for _, p := range d.Processes {
		if c.m.ProcessName == "" {
			c.m.ProcessName = p.Label()
		}
		if c.m.ProcessPurpose == "" {
			c.m.ProcessPurpose = doc(p)
		}
		c.lanesOf(p, poolOf[p])
	}
	c.nameProcess()
	for _, p := range d.Processes {
		c.container(p, scope{pool: poolOf[p]})
	}
	c.boundaryLanes()
	c.extensions()
	for _, col := range d.Collaborations {
		for _, ch := range col.Children {
			switch ch.Kind {
			case "messageFlow":
				c.messageFlow(ch)
			case "textAnnotation", "association", "group":
				c.artifact(ch, scope{})
			}
		}
	}
	c.resolveAssociations()
}

// assignIDs hands out ids first, in document order, so that a reference
// always names the id its target ends up with, whichever is converted
// first; and notes the drawn reference of each data object, for
// associations naming the object.
func (c *converter) assignIDs() {
	d := c.defs
	d.Walk(func(e *parse.Element) bool {
		if strings.TrimSpace(e.ID) != "" {
			c.id(e)
		}
		if e.Kind == "dataObjectReference" {
			if obj := d.ByID(e.Attr("dataObjectRef")); obj != nil {
				if _, ok := c.dataRef[obj]; !ok {
					c.dataRef[obj] = e
				}
			}
		}
		return true
	})
}

// collaborationPools makes a pool of every participant of every
// collaboration, in document order, and returns the pool of each process
// a participant draws (the first participant's, when several do).
func (c *converter) collaborationPools() map[*parse.Element]string {
	poolOf := map[*parse.Element]string{}
	for _, col := range c.defs.Collaborations {
		if c.m.ProcessName == "" {
			c.m.ProcessName = col.Label()
		}
		for _, ch := range col.Children {
			switch ch.Kind {
			case "participant":
				p := process.Pool{ID: c.id(ch), Name: ch.Label(), Description: doc(ch)}
				if ch.ProcessRef != nil {
					p.ProcessID = ch.ProcessRef.ID
					if _, taken := poolOf[ch.ProcessRef]; !taken {
						poolOf[ch.ProcessRef] = p.ID
					}
				}
				p.Collapsed = ch.ProcessRef == nil || (ch.Shape != nil && ch.Shape.Expanded != nil && !*ch.Shape.Expanded)
				c.m.Pools = append(c.m.Pools, p)
			case "messageFlow", "textAnnotation", "association", "group", "documentation", "extensionElements":
			default:
				c.skip(ch.Kind, ch)
			}
		}
	}
	return poolOf
}

// processPools gives processes drawn in no pool a pool of their own: with
// a collaboration (or several processes), each one with content becomes a
// pool so its nodes stay apart; a single process alone is the model
// itself. This includes a process drawn inside an expanded call activity:
// the model has no content for call activities (Parent names
// sub-processes only), and a pool of its own keeps its nodes and flows as
// they are.
func (c *converter) processPools(poolOf map[*parse.Element]string) {
	var content []*parse.Element
	for _, p := range c.defs.Processes {
		if hasFlowNodes(p) {
			content = append(content, p)
		}
	}
	needPools := len(c.m.Pools) > 0 || len(content) > 1
	for _, p := range content {
		if _, ok := poolOf[p]; ok || !needPools {
			continue
		}
		c.ownPool(p, poolOf)
	}
}

// nameProcess names a process the file left unnamed: after its
// collaborations and processes (named before), its first expanded named
// pool, else the file's definitions; the definitions' documentation is
// its purpose when no process had one.
func (c *converter) nameProcess() {
	if c.m.ProcessName == "" {
		for _, p := range c.m.Pools {
			if !p.Collapsed && p.Name != "" {
				c.m.ProcessName = p.Name
				break
			}
		}
	}
	if c.m.ProcessName == "" {
		c.m.ProcessName = c.defs.Root.Label()
	}
	if c.m.ProcessPurpose == "" {
		c.m.ProcessPurpose = doc(c.defs.Root)
	}
}

// notVendor are namespaces of foreign attributes that belong to XML and
// BPMN themselves, not to a tool.
var notVendor = map[string]bool{
	"http://www.w3.org/2001/XMLSchema-instance": true,
	"http://www.w3.org/XML/1998/namespace":      true,
	"xml":                                       true, "xsi": true,
}

// extensions counts vendor extensions (elements and attributes of other
// namespaces), one entry per namespace without ids (a tool puts them on
// nearly every element): the model keeps none of them.
func (c *converter) extensions() {
	count := map[string]int{}
	c.defs.Walk(func(e *parse.Element) bool {
		for _, x := range e.Extensions {
			count[x.Name.Space]++
		}
		for _, a := range e.ForeignAttrs {
			if !notVendor[a.Name.Space] && a.Name.Space != "" {
				count[a.Name.Space]++
			}
		}
		return true
	})
	for ns, n := range count {
		if ns == "" {
			ns = "no namespace"
		}
		kind := "vendor extension elements and attributes of " + ns
		c.skipped[kind] = &Skipped{Kind: kind, Count: n}
	}
}

// doc returns an element's documentation, trimmed.
func doc(e *parse.Element) string {
	var parts []string
	for _, d := range e.ChildrenOf("documentation") {
		if t := strings.TrimSpace(d.Text); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}

// fresh returns an unused id with the given prefix. The counter per
// prefix keeps a file with thousands of id-less associations linear.
func (c *converter) fresh(prefix string) string {
	for {
		c.next[prefix]++
		id := prefix + "_" + strconv.Itoa(c.next[prefix])
		if !c.used[id] && c.defs.ByID(id) == nil {
			c.used[id] = true
			return id
		}
	}
}
