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
	if scenarios < 2 || steps < 4 {
		return "", false
	}
	var out []string
	section := ""
	var conds, outcomes []string
	phase := "" // the keyword the last step line had: given, when, then
	flush := func() {
		switch {
		case len(outcomes) == 0:
		case section == "background":
			for _, o := range outcomes {
				out = append(out, "The process starts when "+o+".")
			}
		case len(conds) == 0:
			out = append(out, capitalise(joinClauses(outcomes))+".")
		default:
			out = append(out, "If "+strings.Join(conds, " and ")+", "+joinClauses(outcomes)+".")
		}
		conds, outcomes, phase = nil, nil, ""
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "|") || strings.HasPrefix(t, `"""`):
			continue
		case gherkinBlockRe.MatchString(t):
			flush()
			m := gherkinBlockRe.FindStringSubmatch(t)
			section = strings.ToLower(m[1])
			if section == "feature" && m[2] != "" {
				out = append(out, m[2])
			}
			continue
		case storyRe.MatchString(t) && section == "feature":
			continue
		}
		m := gherkinStepRe.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		kw, body := strings.ToLower(m[1]), trimPunct(lowerFirst1(m[2]))
		if kw == "and" || kw == "but" || kw == "*" {
			kw = phase
		}
		phase = kw
		switch {
		case section == "background":
			outcomes = append(outcomes, body)
		case kw == "then":
			outcomes = append(outcomes, body)
		case gherkinWork(body):
			// "When the secretary checks the address": work before the
			// decision, not its condition
			out = append(out, capitalise(body)+".")
		default:
			conds = append(conds, body)
		}
	}
	flush()
	return strings.Join(out, "\n\n"), true
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
