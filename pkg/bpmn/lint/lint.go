// Package lint checks parsed BPMN models against modelling rules, in the
// manner of bpmnlint: one rule per file (in package rules, which registers
// itself), a configuration mapping rule names to severities, and a runner
// for which a crashing rule becomes a report entry, never a failed analysis.
package lint

import (
	"fmt"
	"sort"
	"sync"

	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
)

// Severity of a finding, as configured per rule.
type Severity string

// Severities. Off disables a rule.
const (
	Error Severity = "error"
	Warn  Severity = "warn"
	Off   Severity = "off"
)

// Finding is one problem a rule found.
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	// ElementID is the id of the element at fault ("" for the whole file).
	ElementID string `json:"element_id"`
	Message   string `json:"message"`
}

// Rule checks a whole model and returns its findings; the runner fills in
// Rule and Severity, so rules only set ElementID and Message.
type Rule interface {
	Name() string
	Check(*parse.Definitions) []Finding
}

// Config maps rule names to severities; rules not named do not run.
type Config map[string]Severity

// Recommended mirrors bpmnlint 11's "recommended" configuration, plus
// no-unresolved-reference, which stands for the unresolved-reference import
// warnings bpmnlint reports as errors when bpmn-moddle loads a file.
var Recommended = Config{
	"ad-hoc-sub-process":                  Error,
	"conditional-flows":                   Error,
	"end-event-required":                  Error,
	"event-based-gateway":                 Error,
	"event-sub-process-typed-start-event": Error,
	"fake-join":                           Warn,
	"global":                              Warn,
	"label-required":                      Error,
	"link-event":                          Error,
	"no-bpmndi":                           Error,
	"no-complex-gateway":                  Error,
	"no-disconnected":                     Error,
	"no-duplicate-sequence-flows":         Error,
	"no-gateway-join-fork":                Error,
	"no-implicit-split":                   Error,
	"no-implicit-end":                     Error,
	"no-implicit-start":                   Error,
	"no-inclusive-gateway":                Warn,
	"no-overlapping-elements":             Warn,
	"no-unresolved-reference":             Error,
	"single-blank-start-event":            Error,
	"single-event-definition":             Error,
	"start-event-required":                Error,
	"sub-process-blank-start-event":       Error,
	"superfluous-gateway":                 Warn,
	"superfluous-label":                   Warn,
	"superfluous-termination":             Warn,
}

// RuleError records a rule that could not run (it panicked, or the
// configuration names a rule that is not registered).
type RuleError struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// Report is the outcome of running a configuration over one model.
type Report struct {
	// Findings are ordered by rule name, then as each rule reported them.
	Findings   []Finding   `json:"findings"`
	RuleErrors []RuleError `json:"rule_errors,omitempty"`
	Errors     int         `json:"errors"`
	Warnings   int         `json:"warnings"`
}

// CountByRule returns the number of findings per rule.
func (r Report) CountByRule() map[string]int {
	out := map[string]int{}
	for _, f := range r.Findings {
		out[f.Rule]++
	}
	return out
}

var (
	mu       sync.RWMutex
	registry = map[string]Rule{}
)

// Register adds a rule; package rules calls it from init. Registering a
// name twice is a programming error.
func Register(r Rule) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[r.Name()]; dup {
		panic("lint: rule registered twice: " + r.Name())
	}
	registry[r.Name()] = r
}

// Lookup returns a registered rule by name.
func Lookup(name string) (Rule, bool) {
	mu.RLock()
	defer mu.RUnlock()
	r, ok := registry[name]
	return r, ok
}

// Names lists the registered rules, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Run checks defs with every rule cfg enables, in name order, so that the
// same model always yields the same report.
func Run(defs *parse.Definitions, cfg Config) Report {
	var rep Report
	names := make([]string, 0, len(cfg))
	for n, sev := range cfg {
		if sev != Off && sev != "" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		sev := cfg[name]
		r, ok := Lookup(name)
		if !ok {
			rep.RuleErrors = append(rep.RuleErrors, RuleError{Rule: name, Message: "rule is not registered (is package lint/rules imported?)"})
			continue
		}
		found, err := runOne(r, defs)
		if err != nil {
			rep.RuleErrors = append(rep.RuleErrors, RuleError{Rule: name, Message: err.Error()})
			continue
		}
		for _, f := range found {
			f.Rule, f.Severity = name, sev
			rep.Findings = append(rep.Findings, f)
			if sev == Error {
				rep.Errors++
			} else {
				rep.Warnings++
			}
		}
	}
	return rep
}

// runOne isolates a rule: a panic becomes an error naming the rule, and
// the rule's partial findings are dropped rather than half-reported.
func runOne(r Rule, defs *parse.Definitions) (found []Finding, err error) {
	defer func() {
		if p := recover(); p != nil {
			found, err = nil, fmt.Errorf("rule crashed: %v", p)
		}
	}()
	return r.Check(defs), nil
}
