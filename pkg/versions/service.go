package versions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/refine"
)

// MaxElements bounds the flow nodes and flows of a saved diagram: far more
// than any process a person edits (the largest MIWG model has ~150), small
// enough that converting and re-rendering stays interactive.
const MaxElements = 5000

// Planner turns an instruction into edit operations: a language model
// through structured output, or the built-in command grammar.
type Planner interface {
	// Plan answers the operations; UsedLLM reports whether a paid model
	// call was made (only those count against the daily limit).
	// charge runs right before a paid call (the daily limit counts only
	// those); an error from it stops the call.
	Plan(ctx context.Context, m *process.Model, instruction string, charge func() error) (plan refine.Plan, usedLLM bool, err error)
	// AsksModel reports whether an instruction the grammar does not fully
	// understand goes to a language model (Check says so beforehand).
	AsksModel() bool
}

// GrammarPlanner is the built-in, offline Planner (refine.Parse).
type GrammarPlanner struct{}

// Plan parses the instruction with the command grammar.
func (GrammarPlanner) Plan(_ context.Context, _ *process.Model, instruction string, _ func() error) (refine.Plan, bool, error) {
	return refine.Parse(instruction), false, nil
}

// AsksModel implements Planner: the grammar alone never asks a model.
func (GrammarPlanner) AsksModel() bool { return false }

// Service saves, restores and refines versions.
type Service struct {
	Repo *Repo
	// Convert reads a BPMN document into a process model (the BPMN → model
	// converter).
	Convert func(xml []byte) (*process.Model, error)
	// Build draws a process model as BPMN with SPADE's layout.
	Build func(m *process.Model) ([]byte, error)
	// Render writes the formatted text of a model and returns its logic
	// warnings, which replace the analysis' metadata warnings.
	Render func(m *process.Model) (string, []analysis.LogicWarning)
	// Planner turns refinement instructions into operations.
	Planner Planner
}

// Saved is the outcome of a save, restore or refinement.
type Saved struct {
	Version int         `json:"version"`
	Summary string      `json:"summary"`
	Changes []Change    `json:"changes"`
	Applied []AppliedOp `json:"operations,omitempty"`
	// NotUnderstood lists the parts of a refinement instruction that no
	// operation carried out.
	NotUnderstood []string `json:"not_understood,omitempty"`
}

// AppliedOp is an operation with its description.
type AppliedOp struct {
	refine.Op
	Description string `json:"description"`
}

// current returns the model of the analysis' latest version.
func current(a *analysis.Analysis) (*process.Model, error) {
	if a.ModelJSON == "" {
		return nil, ErrNoModel
	}
	m, err := process.Decode([]byte(a.ModelJSON))
	if err != nil {
		return nil, fmt.Errorf("stored model: %w", err)
	}
	return m, nil
}

// CountElements counts what MaxElements bounds: flow nodes, flows,
// message flows and data.
func CountElements(m *process.Model) int { return countElements(m) }

func countElements(m *process.Model) int {
	return len(m.Activities) + len(m.Gateways) + len(m.Events) + len(m.Flows) + len(m.MessageFlows) + len(m.Data)
}

// SaveXML stores an edited BPMN diagram as the version after base. The
// diagram keeps the user's own layout; the model converted from it feeds
// the formatted text, SIPOC, items and exports.
func (s *Service) SaveXML(ctx context.Context, a *analysis.Analysis, base int, xml []byte, author string) (*Saved, error) {
	if a.Status != analysis.StatusCompleted {
		return nil, failure.Permanent("This analysis has not finished yet; wait for it to complete before editing.", ErrNoModel)
	}
	m, err := s.Convert(xml)
	if err != nil {
		if _, ok := failure.Detail(err); ok {
			return nil, err
		}
		return nil, failure.Permanent("This is not a BPMN diagram SPADE can read: "+err.Error(), err)
	}
	n := countElements(m)
	if n > MaxElements {
		return nil, failure.Permanent(fmt.Sprintf("This diagram has %d elements; SPADE stores edited diagrams of up to %d. Split it into smaller processes.", n, MaxElements), nil)
	}
	if n == 0 {
		return nil, failure.Permanent("The diagram is empty: it has no tasks, events or gateways. Add at least one step before saving.", nil)
	}
	if strings.TrimSpace(m.ProcessName) == "" {
		m.ProcessName = a.ProcessName
	}
	prefix := ""
	var old *process.Model
	if big, err := elementsInJSON(a.ModelJSON); err == nil && big > MaxElements {
		// A diagram over the cap (an uploaded BPMN file) replaced by one
		// within it: not decoded and compared element by element (a
		// list of 100,000 removals in the answer), only named.
		prefix = fmt.Sprintf("Replaced a diagram of %d elements: ", big)
	} else {
		old, _ = current(a)
	}
	if m.ProcessPurpose == "" && old != nil {
		m.ProcessPurpose = old.ProcessPurpose
	}
	return s.store(ctx, a, draft{base: base, model: m, old: old, xml: xml, source: SourceEdit, author: author, summaryPrefix: prefix})
}

// draft is a version about to be stored.
type draft struct {
	base int
	// model is the new version's model; old the current one (nil when the
	// analysis has none), which the summary compares it with.
	model, old    *process.Model
	xml           []byte
	source        string
	author        string
	summaryPrefix string
	ops           []AppliedOp
	notUnderstood []string
}

func (s *Service) store(ctx context.Context, a *analysis.Analysis, d draft) (*Saved, error) {
	m := d.model
	m.Version = process.Version
	changes := Diff(d.old, m)
	if changes == nil {
		changes = []Change{}
	}
	summary := d.summaryPrefix + Summary(changes)
	body, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("encode model: %w", err)
	}
	var opsJSON []byte
	if len(d.ops) > 0 {
		opsJSON, _ = json.Marshal(d.ops)
	}
	text, warnings := s.Render(m)
	n, err := s.Repo.Save(ctx, a, d.base, Version{
		Author: d.author, Summary: summary, Source: d.source, ProcessName: m.ProcessName,
		BPMNXML: string(d.xml), ModelJSON: string(body), FormattedText: text, OperationsJSON: string(opsJSON),
		Warnings: warnings,
	})
	if err != nil {
		return nil, err
	}
	return &Saved{Version: n, Summary: summary, Changes: changes, Applied: d.ops, NotUnderstood: d.notUnderstood}, nil
}

// refinable is the latest model of a, refused before any work when it is
// over the cap: converting, applying and drawing a model of 100,000
// elements inside the request took gigabytes. It is counted before it is
// decoded (see tooLargeJSON) and again after migration.
func refinable(a *analysis.Analysis) (*process.Model, error) {
	if err := tooLargeJSON(a.ModelJSON, "This diagram has %d elements", "refines"); err != nil {
		return nil, err
	}
	m, err := current(a)
	if err != nil {
		return nil, err
	}
	if err := tooLarge(m, "This diagram has %d elements", "refines"); err != nil {
		return nil, err
	}
	return m, nil
}

// tooLarge refuses a model over MaxElements, the cap of saves. subject
// starts the detail and takes the count ("This diagram has %d elements").
func tooLarge(m *process.Model, subject, what string) error {
	return overCap(countElements(m), subject, what)
}

// overCap is tooLarge for a model of n elements.
func overCap(n int, subject, what string) error {
	if n > MaxElements {
		return failure.Permanent(fmt.Sprintf(subject+"; SPADE %s diagrams of up to %d elements (flow nodes and flows), as for saves. Split it into smaller processes.", n, what, MaxElements), ErrTooLarge)
	}
	return nil
}

// tooLargeJSON is tooLarge on a stored model's JSON, counted without
// decoding it: decoding a model of 100,000 elements to find it over the
// cap cost the request about as much as the work it was refused.
// Unreadable JSON passes (the decoding after it reports it).
func tooLargeJSON(modelJSON, subject, what string) error {
	n, err := elementsInJSON(modelJSON)
	if err != nil {
		return nil
	}
	return overCap(n, subject, what)
}

// elementsInJSON counts what CountElements counts in a model's JSON, by
// the length of its arrays, without decoding their items.
func elementsInJSON(modelJSON string) (int, error) {
	var c struct {
		Activities   itemCount `json:"activities"`
		Gateways     itemCount `json:"gateways"`
		Events       itemCount `json:"events"`
		Flows        itemCount `json:"flows"`
		MessageFlows itemCount `json:"message_flows"`
		Data         itemCount `json:"data"`
	}
	if err := json.Unmarshal([]byte(modelJSON), &c); err != nil {
		return 0, err
	}
	return int(c.Activities + c.Gateways + c.Events + c.Flows + c.MessageFlows + c.Data), nil
}

// itemCount is the number of items of a JSON array (0 for null), found
// by scanning its bytes: the items are never decoded.
type itemCount int

// UnmarshalJSON counts the commas between the array's own items.
// encoding/json has already checked that b is valid JSON.
func (n *itemCount) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '[' {
		*n = 0 // null (or not an array: nothing counted)
		return nil
	}
	inner := bytes.TrimSpace(b[1 : len(b)-1])
	if len(inner) == 0 {
		*n = 0
		return nil
	}
	depth, items, inString, escaped := 0, 1, false, false
	for _, c := range inner {
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case ',':
			if depth == 0 {
				items++
			}
		}
	}
	*n = itemCount(items)
	return nil
}

// ErrTooLarge is a model over MaxElements.
var ErrTooLarge = errors.New("versions: diagram over the element cap")

// Restore stores a copy of version n as the version after base. Like a
// save it is refused with a ConflictError when base is not the latest
// version, so that concurrent restores (a double click, two tabs) store
// one copy, not several identical ones; restoring the latest version
// itself is refused too, as it would store a duplicate.
func (s *Service) Restore(ctx context.Context, a *analysis.Analysis, n, base int, author string) (*Saved, error) {
	latest := max(a.Version, 1)
	if base != latest {
		return nil, &ConflictError{Base: base, Latest: latest}
	}
	if n == latest {
		return nil, failure.Permanent(fmt.Sprintf("Version %d is already the latest version; there is nothing to restore.", n), ErrSameVersion)
	}
	// The model alone first: a version over the cap is refused before
	// its diagram is read or anything is decoded.
	mj, err := s.Repo.ModelJSON(ctx, a, n)
	if err != nil {
		return nil, err
	}
	if err := tooLargeJSON(mj, fmt.Sprintf("Version %d has %%d elements", n), "restores"); err != nil {
		return nil, err
	}
	v, err := s.Repo.Get(ctx, a, n)
	if err != nil {
		return nil, err
	}
	m, err := process.Decode([]byte(v.ModelJSON))
	if err != nil {
		return nil, fmt.Errorf("stored version %d: %w", n, err)
	}
	if err := tooLarge(m, fmt.Sprintf("Version %d has %%d elements", n), "restores"); err != nil {
		return nil, err
	}
	var old *process.Model
	if big, err := elementsInJSON(a.ModelJSON); err != nil || big <= MaxElements {
		// The latest model is compared with the restored one unless it is
		// over the cap (see SaveXML).
		old, _ = current(a)
	}
	return s.store(ctx, a, draft{base: base, model: m, old: old, xml: []byte(v.BPMNXML),
		source: SourceRestore, author: author, summaryPrefix: fmt.Sprintf("Restored version %d: ", n)})
}

// ErrSameVersion is a restore of the version that is already the latest.
var ErrSameVersion = errors.New("versions: restore of the latest version")

// ErrNotUnderstood is a refinement instruction from which no operation
// could be made.
var ErrNotUnderstood = errors.New("versions: instruction not understood")

// Refine carries out an instruction in words as the version after base.
// The diagram is redrawn with SPADE's layout.
func (s *Service) Refine(ctx context.Context, a *analysis.Analysis, base int, instruction, author string, charge func() error) (*Saved, bool, error) {
	if a.ModelJSON == "" {
		return nil, false, ErrNoModel
	}
	if base != max(a.Version, 1) {
		return nil, false, &ConflictError{Base: base, Latest: max(a.Version, 1)}
	}
	m, err := refinable(a)
	if err != nil {
		return nil, false, err
	}
	if charge == nil {
		charge = func() error { return nil }
	}
	plan, usedLLM, err := s.Planner.Plan(ctx, m, instruction, charge)
	if err != nil {
		return nil, usedLLM, err
	}
	if len(plan.Operations) == 0 {
		return nil, usedLLM, fmt.Errorf("%w: %s", ErrNotUnderstood, notUnderstoodDetail(plan.NotUnderstood, refine.Names(m), refine.TaskNames(m)))
	}
	next, err := refine.Apply(m, plan.Operations)
	if err != nil {
		return nil, usedLLM, err
	}
	// Operations can add elements; the result obeys the cap of saves.
	if err := tooLarge(next, "After this change the diagram would have %d elements", "refines"); err != nil {
		return nil, usedLLM, err
	}
	xml, err := s.Build(next)
	if err != nil {
		return nil, usedLLM, err
	}
	ops := make([]AppliedOp, len(plan.Operations))
	for i, op := range plan.Operations {
		ops[i] = AppliedOp{Op: op, Description: op.Describe()}
	}
	out, err := s.store(ctx, a, draft{base: base, model: next, old: m, xml: xml, source: SourceRefine,
		author: author, ops: ops, notUnderstood: plan.NotUnderstood})
	return out, usedLLM, err
}

// notUnderstoodDetail answers an instruction nothing was made of with
// the closest forms SPADE understands, written with the diagram's names
// (a short list, not the whole grammar); the examples' steps are tasks.
func notUnderstoodDetail(parts, names, tasks []string) string {
	msg, suggestions := notUnderstood(parts, names, tasks)
	var b strings.Builder
	b.WriteString(msg)
	for _, s := range suggestions {
		b.WriteString("\n• " + s)
	}
	return b.String()
}
