package text

import (
	"regexp"
	"strings"
)

// gherkinStepRe is a step line of a Gherkin feature file: "Given …",
// "When …", "Then …", "And …", "But …", "* …".
var gherkinStepRe = regexp.MustCompile(`^(Given|When|Then|And|But|\*)\s+(\S.*)$`)

// gherkinBlockRe is a section line of a feature file: "Feature: …",
// "Scenario: …", "Background:".
var gherkinBlockRe = regexp.MustCompile(`^(Feature|Background|Scenario Outline|Scenario Template|Scenario|Example|Rule|Examples|Scenarios)\s*:\s*(.*)$`)

// storyRe is a user-story line under a feature: "As the school office
// we want …", "In order to …", "So that …", "I want …".
var storyRe = regexp.MustCompile(`(?i)^(?:as\s+(?:a|an|the)\s|in\s+order\s+to\s|so\s+that\s|i\s+want\s|we\s+want\s)`)

// gherkinProse rewrites a Gherkin feature file as the prose it stands
// for: the background's givens start the process, and each scenario is
// "If <its conditions>, <its outcomes>." with any "When" line that is
// work of a role (not a state) as a step of its own before the decision.
// ok is false when the text is no feature file (fewer than two scenarios
// or fewer than four step lines).
func gherkinProse(text string) (string, bool) {
	lines := strings.Split(text, "\n")
	if !featureFile(lines) {
		return "", false
	}
	var w gherkinWriter
	for _, l := range lines {
		w.line(strings.TrimSpace(l))
	}
	w.flush()
	return strings.Join(w.out, "\n\n"), true
}

// featureFile reports whether lines are a Gherkin feature file: at least
// two scenarios and four step lines.
func featureFile(lines []string) bool {
	scenarios, steps := 0, 0
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if m := gherkinBlockRe.FindStringSubmatch(t); m != nil && strings.HasPrefix(m[1], "Scenario") || strings.HasPrefix(t, "Example:") {
			scenarios++
		}
		if gherkinStepRe.MatchString(t) {
			steps++
		}
	}
	return scenarios >= 2 && steps >= 4
}

// gherkinWriter turns a feature file into prose line by line: out is the
// prose so far, section the section being read (feature, background,
// scenario, …), conds and outcomes the open scenario's conditions and
// outcomes.
type gherkinWriter struct {
	out             []string
	section         string
	conds, outcomes []string
	phase           string // the keyword the last step line had: given, when, then
}

// flush writes the open scenario as a sentence ("If …, …."), the
// background's outcomes as the process's start, and outcomes without a
// condition as they stand.
func (w *gherkinWriter) flush() {
	switch {
	case len(w.outcomes) == 0:
	case w.section == "background":
		for _, o := range w.outcomes {
			w.out = append(w.out, "The process starts when "+o+".")
		}
	case len(w.conds) == 0:
		w.out = append(w.out, capitalise(joinClauses(w.outcomes))+".")
	default:
		w.out = append(w.out, "If "+strings.Join(w.conds, " and ")+", "+joinClauses(w.outcomes)+".")
	}
	w.conds, w.outcomes, w.phase = nil, nil, ""
}

// line reads one trimmed line of the file: a section line closes the open
// scenario (a feature's name is the first line of prose), a step line is
// read by step; comments, tags, tables, doc strings and the feature's
// user story are skipped.
func (w *gherkinWriter) line(t string) {
	switch {
	case t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "|") || strings.HasPrefix(t, `"""`):
		return
	case gherkinBlockRe.MatchString(t):
		w.flush()
		m := gherkinBlockRe.FindStringSubmatch(t)
		w.section = strings.ToLower(m[1])
		if w.section == "feature" && m[2] != "" {
			w.out = append(w.out, m[2])
		}
		return
	case storyRe.MatchString(t) && w.section == "feature":
		return
	}
	if m := gherkinStepRe.FindStringSubmatch(t); m != nil {
		w.step(m[1], m[2])
	}
}

// step reads a step line by its keyword ("And", "But" and "*" go on with
// the one before): the background's lines and "Then" lines are outcomes,
// a "Given" or "When" line a condition, or a step of its own before the
// decision when it is a role's work.
func (w *gherkinWriter) step(keyword, text string) {
	kw, body := strings.ToLower(keyword), trimPunct(lowerFirst1(text))
	if kw == "and" || kw == "but" || kw == "*" {
		kw = w.phase
	}
	w.phase = kw
	switch {
	case w.section == "background":
		w.outcomes = append(w.outcomes, body)
	case kw == "then":
		w.outcomes = append(w.outcomes, body)
	case gherkinWork(body):
		// "When the secretary checks the address": work before the
		// decision, not its condition
		w.out = append(w.out, capitalise(body)+".")
	default:
		w.conds = append(w.conds, body)
	}
}

// joinClauses joins outcome clauses into one list: "A, B and C".
func joinClauses(cs []string) string {
	if len(cs) < 2 {
		return strings.Join(cs, "")
	}
	return strings.Join(cs[:len(cs)-1], ", ") + " and " + cs[len(cs)-1]
}

// gherkinWork reports a "When" line that is a role's work ("the school
// secretary checks the address"), not a state ("the address is outside
// the area", "the parents have not confirmed").
func gherkinWork(body string) bool {
	l := " " + strings.ToLower(body) + " "
	for _, w := range []string{" not ", "n't ", " is ", " are ", " was ", " were ", " has ", " have ", " had "} {
		if strings.Contains(l, w) {
			return false
		}
	}
	cs := parseClause(body, "")
	return len(cs) > 0 && cs[0].performer != "" && isAgent(cs[0].performer)
}
