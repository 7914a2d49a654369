// Package lint checks parsed BPMN models against modelling rules, in the
// manner of bpmnlint: one rule per file (in package rules, listed by
// rules.All), a configuration mapping rule names to severities, and a runner
// for which a crashing rule becomes a report entry, never a failed analysis.
package lint

import (
	"fmt"
	"sort"

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

// Logic enables the rules that check what a model does rather than how it
// is drawn: a negative outcome that reaches a positive completion, a
// message that may never come, a decision with one way out, a node that
// cannot reach an end or that no start reaches. They run on every model
// whatever made it (the offline analyzer, an LLM, an uploaded file, an
// edit) and are warnings: the model is valid BPMN, its behaviour is
// suspect. They are kept out of Recommended, which mirrors bpmnlint (it
// has no such rules); the quality report runs Recommended.With(Logic).
var Logic = Config{
	"no-dead-end":             Warn,
	"no-message-deadlock":     Warn,
	"no-negative-to-positive": Warn,
	"no-single-way-decision":  Warn,
	"no-unreachable-node":     Warn,
}

// IsLogic reports whether a rule is one of Logic's.
func IsLogic(rule string) bool {
	_, ok := Logic[rule]
	return ok
}

// With returns a new configuration holding c's rules and other's (other
// wins where both name a rule); neither is changed.
func (c Config) With(other Config) Config {
	out := make(Config, len(c)+len(other))
	for k, v := range c {
		out[k] = v
	}
	for k, v := range other {
		out[k] = v
	}
	return out
}

// RuleError records a rule that could not run (it panicked, or the
// configuration names a rule the linter does not have).
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

// Linter runs a fixed set of rules, given to New (package rules' All):
// the set is explicit, so two linters never share state and a test can run
// its own rules beside the real ones.
type Linter struct {
	rules map[string]Rule
	// dups names rules given twice; Run reports them instead of running
	// either, so a wiring mistake shows in the report, not as a crash.
	dups map[string]bool
}

// New returns a linter over rules.
func New(rules ...Rule) *Linter {
	l := &Linter{rules: make(map[string]Rule, len(rules)), dups: map[string]bool{}}
	for _, r := range rules {
		if _, dup := l.rules[r.Name()]; dup {
			l.dups[r.Name()] = true
		}
		l.rules[r.Name()] = r
	}
	return l
}

// Lookup returns the linter's rule by name.
func (l *Linter) Lookup(name string) (Rule, bool) {
	r, ok := l.rules[name]
	return r, ok
}

// Names lists the linter's rules, sorted.
func (l *Linter) Names() []string {
	out := make([]string, 0, len(l.rules))
	for n := range l.rules {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Run checks defs with every rule cfg enables, in name order, so that the
// same model always yields the same report.
func (l *Linter) Run(defs *parse.Definitions, cfg Config) Report {
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
		r, ok := l.rules[name]
		if !ok {
			rep.RuleErrors = append(rep.RuleErrors, RuleError{Rule: name, Message: "rule is not known to this linter (is it listed in rules.All?)"})
			continue
		}
		if l.dups[name] {
			rep.RuleErrors = append(rep.RuleErrors, RuleError{Rule: name, Message: "two rules share this name"})
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
