package quality

import (
	"fmt"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
)

// Section titles of formatted_text, in the order the spec lists them; the
// UI splits the text on the === headings.
var Sections = []string{
	"Process Overview",
	"Element Inventory",
	"Quality Issues Found",
	"Quality Score",
	"Process Analysis and Recommendations",
	"Improvement Recommendations",
	"Process Complexity Assessment",
	"Visual Representation Guidance",
	"Analysis Overview",
}

// maxListed bounds the names listed per inventory line; the count stays
// exact.
const maxListed = 40

// FormattedText renders the report as the BPMN Analyzer's sectioned text.
func (r *Report) FormattedText() string {
	// One writer per title of Sections, in its order.
	writers := []func(b *strings.Builder){
		r.writeOverview,
		r.writeInventory,
		r.writeIssues,
		r.writeScore,
		func(b *strings.Builder) { b.WriteString(r.analysis() + "\n") },
		r.writeRecommendations,
		r.writeComplexity,
		func(b *strings.Builder) { b.WriteString(r.visualGuidance()) },
		r.writeAnalysisOverview,
	}
	var b strings.Builder
	for i, write := range writers {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "=== %s ===\n", Sections[i])
		write(&b)
	}
	return b.String()
}

// writeOverview writes the process's name, file, purpose, tool, structure
// and scores.
func (r *Report) writeOverview(b *strings.Builder) {
	c, inv := r.Complexity, r.Inventory
	fmt.Fprintf(b, "Process name: %s\n", r.ProcessName)
	if r.FileName != "" {
		fmt.Fprintf(b, "File: %s\n", r.FileName)
	}
	if r.ProcessPurpose != "" {
		fmt.Fprintf(b, "Purpose: %s\n", r.ProcessPurpose)
	}
	if r.Exporter != "" {
		fmt.Fprintf(b, "Modelling tool: %s\n", r.Exporter)
	}
	fmt.Fprintf(b, "Structure: %s, %s, %s; %d flow nodes (%s, %s, %s) joined by %s and %s.\n",
		count(r.Processes, "process", "processes"), count(len(inv.Pools), "pool", "pools"), count(len(inv.Lanes), "lane", "lanes"),
		c.Size, count(len(inv.Activities), "activity", "activities"), count(len(inv.Gateways), "gateway", "gateways"),
		count(len(inv.Events), "event", "events"), count(len(inv.Transitions), "sequence flow", "sequence flows"),
		count(len(inv.MessageFlows), "message flow", "message flows"))
	fmt.Fprintf(b, "Quality score: %d/100 (%s). Complexity: %s (%.1f/10).\n", r.Score.Overall, r.Score.Label, c.Label, c.Score)
}

// writeInventory writes one line per kind of element with its count and
// at most maxListed names (with their types where typed).
func (r *Report) writeInventory(b *strings.Builder) {
	inv := r.Inventory
	writeItems(b, "Lanes", inv.Lanes, false)
	writeItems(b, "Pools", inv.Pools, false)
	writeItems(b, "Activities", inv.Activities, true)
	writeItems(b, "Tasks", inv.Tasks, true)
	writeItems(b, "Gateways", inv.Gateways, true)
	writeItems(b, "Events", inv.Events, true)
	writeItems(b, "Data Objects", inv.DataObjects, false)
	writeItems(b, "Data Stores", inv.DataStores, false)
	writeItems(b, "Transitions", inv.Transitions, false)
	if len(inv.MessageFlows) > 0 {
		writeItems(b, "Message Flows", inv.MessageFlows, false)
	}
}

// writeItems writes an inventory line: "title (n): name [type]; …".
func writeItems(b *strings.Builder, title string, items []Item, typed bool) {
	fmt.Fprintf(b, "%s (%d): ", title, len(items))
	if len(items) == 0 {
		b.WriteString("none\n")
		return
	}
	names := make([]string, 0, len(items))
	for i, it := range items {
		if i == maxListed {
			names = append(names, fmt.Sprintf("… and %d more", len(items)-maxListed))
			break
		}
		n := displayItem(it)
		if typed && it.Type != "" {
			n += " [" + it.Type + "]"
		}
		names = append(names, n)
	}
	b.WriteString(strings.Join(names, "; ") + "\n")
}

// writeIssues writes each issue with its elements (at most maxListed
// named), findings, problem, recommendation and visual hint.
func (r *Report) writeIssues(b *strings.Builder) {
	if len(r.Issues) == 0 {
		b.WriteString("No quality issues found: the model passes every rule that was run.\n")
	}
	for _, is := range r.Issues {
		fmt.Fprintf(b, "%d. %s [%s, rule %s]\n", is.Number, is.Title, is.Severity, is.Rule)
		elems := is.Elements
		more := ""
		if len(elems) > maxListed {
			elems = elems[:maxListed]
		}
		if is.ElementCount > len(elems) {
			more = fmt.Sprintf("; … and %d more", is.ElementCount-len(elems))
		}
		fmt.Fprintf(b, "   Elements involved (%d): %s%s\n", is.ElementCount, strings.Join(elems, "; "), more)
		for _, f := range is.Findings {
			fmt.Fprintf(b, "   - %s\n", f)
		}
		fmt.Fprintf(b, "   Problem: %s\n", is.Problem)
		fmt.Fprintf(b, "   Recommendation: %s\n", is.Recommendation)
		fmt.Fprintf(b, "   Visual guidance: %s\n", is.VisualHint)
	}
}

// writeScore writes the overall score and each category's.
func (r *Report) writeScore(b *strings.Builder) {
	fmt.Fprintf(b, "Overall: %d/100 (%s)\n", r.Score.Overall, r.Score.Label)
	for _, cat := range r.Score.Categories {
		fmt.Fprintf(b, "- %s (weight %d%%): %s/%s. %s\n", cat.Title, cat.WeightPercent, fmtPoints(cat.Score), fmtPoints(cat.Total), cat.Rationale)
	}
}

// writeRecommendations writes the numbered recommendations and the
// narrative.
func (r *Report) writeRecommendations(b *strings.Builder) {
	if len(r.Recommendations) == 0 {
		b.WriteString("No changes needed; keep the model's names and layout consistent as it grows.\n")
	}
	for i, rec := range r.Recommendations {
		fmt.Fprintf(b, "%d. [%s] %s\n", i+1, rec.Priority, rec.Text)
	}
	if n := strings.TrimSpace(r.Narrative); n != "" {
		b.WriteString("\n" + n + "\n")
	}
}

// writeComplexity writes the complexity rating and its measures.
func (r *Report) writeComplexity(b *strings.Builder) {
	c := r.Complexity
	fmt.Fprintf(b, "Rating: %s (%.1f/10)\n", c.Label, c.Score)
	paths := fmt.Sprintf("%d", c.Paths)
	if c.PathsBounded {
		paths = fmt.Sprintf("at least %d (count stopped at its limit)", c.Paths)
	}
	fmt.Fprintf(b, "- Size: %d flow nodes (%s, %s)\n", c.Size, count(c.Tasks, "task", "tasks"), count(c.Gateways, "gateway", "gateways"))
	fmt.Fprintf(b, "- Control-flow complexity (Cardoso): %d\n", c.CFC)
	fmt.Fprintf(b, "- Gateway mismatch (Mendling): %d (parallel/inclusive: %d)\n", c.GatewayMismatch, c.ConcurrentMismatch)
	fmt.Fprintf(b, "- Sub-process nesting depth: %d\n", c.NestingDepth)
	fmt.Fprintf(b, "- Start-to-end paths: %s\n", paths)
	fmt.Fprintf(b, "Justification: %s\n", c.Justification)
}

// writeAnalysisOverview writes what was analysed, by how many rules, what
// they found and which could not run.
func (r *Report) writeAnalysisOverview(b *strings.Builder) {
	c := r.Complexity
	fmt.Fprintf(b, "Analysed %s", orDefault(r.FileName, "the uploaded model"))
	if r.Encoding != "" {
		fmt.Fprintf(b, " (declared encoding %s)", r.Encoding)
	}
	fmt.Fprintf(b, ": %d flow nodes checked by %d lint rules (bpmnlint's recommended set and a reference check).\n", c.Size, rulesRun(r))
	fmt.Fprintf(b, "Findings: %d %s and %d %s in %d %s.\n", r.Lint.Errors, plural(r.Lint.Errors, "error", "errors"),
		r.Lint.Warnings, plural(r.Lint.Warnings, "warning", "warnings"), len(r.Issues), plural(len(r.Issues), "issue", "issues"))
	for _, re := range r.Lint.RuleErrors {
		fmt.Fprintf(b, "Rule %s could not run (%s); its checks are missing from this report.\n", re.Rule, re.Message)
	}
	fmt.Fprintf(b, "Quality score %d/100 (%s); complexity %s (%.1f/10).\n", r.Score.Overall, r.Score.Label, c.Label, c.Score)
}

func count(n int, one, many string) string { return fmt.Sprintf("%d %s", n, plural(n, one, many)) }

func rulesRun(r *Report) int {
	n := 0
	for _, sev := range lint.Recommended {
		if sev != lint.Off {
			n++
		}
	}
	return n - len(r.Lint.RuleErrors)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// analysis writes the strengths and weaknesses paragraph from the
// categories, so that it always agrees with the score.
func (r *Report) analysis() string {
	var good, weak []string
	for _, cat := range r.Score.Categories {
		if len(cat.Deductions) == 0 {
			good = append(good, strings.ToLower(cat.Title))
		} else {
			weak = append(weak, fmt.Sprintf("%s (%s of %s points kept)", strings.ToLower(cat.Title), fmtPoints(cat.Score), fmtPoints(cat.Total)))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The model scores %d/100 (%s).", r.Score.Overall, r.Score.Label)
	if len(good) > 0 {
		fmt.Fprintf(&b, " No problems found in: %s.", strings.Join(good, ", "))
	}
	if len(weak) > 0 {
		fmt.Fprintf(&b, " Needs attention: %s.", strings.Join(weak, ", "))
	}
	if len(r.Issues) > 0 {
		top := r.Issues[0]
		fmt.Fprintf(&b, " Start with issue 1, %s: %s", strings.ToLower(top.Title), top.Recommendation)
	}
	c := r.Complexity
	fmt.Fprintf(&b, " Complexity is %s (%.1f/10)", c.Label, c.Score)
	switch c.Label {
	case ComplexityHigh:
		b.WriteString("; readers will struggle to follow the whole flow, so introduce sub-processes.")
	case ComplexityModerate:
		b.WriteString("; the model is readable but should not grow much further without sub-processes.")
	default:
		b.WriteString("; the flow is easy to follow.")
	}
	if len(r.Inventory.Pools) > 1 {
		fmt.Fprintf(&b, " The collaboration has %d pools exchanging %d message flows.", len(r.Inventory.Pools), len(r.Inventory.MessageFlows))
	}
	return b.String()
}

func (r *Report) visualGuidance() string {
	var b strings.Builder
	if r.Diagrams == 0 {
		b.WriteString("The file has no diagram: open it in a BPMN modeller and lay it out (left to right, one lane per role) before sharing it.\n")
	} else {
		fmt.Fprintf(&b, "The file holds %d %s.", r.Diagrams, plural(r.Diagrams, "diagram", "diagrams"))
		layout := 0
		for _, is := range r.Issues {
			if infoFor(is.Rule).category == CatLayout {
				layout += is.ElementCount
			}
		}
		if layout == 0 {
			b.WriteString(" Every element is drawn and no shapes overlap.\n")
		} else {
			fmt.Fprintf(&b, " %d layout %s (missing or overlapping shapes) need fixing.\n", layout, plural(layout, "finding", "findings"))
		}
	}
	seen := map[string]bool{}
	for _, is := range r.Issues {
		if !seen[is.VisualHint] {
			seen[is.VisualHint] = true
			fmt.Fprintf(&b, "- %s (issue %d)\n", is.VisualHint, is.Number)
		}
	}
	b.WriteString("- Keep the main flow left to right, with happy-path activities on one line and exceptions below it.\n")
	if len(r.Inventory.Lanes) > 0 {
		b.WriteString("- Keep each activity inside the lane of the role that performs it; avoid flows that zig-zag between lanes.\n")
	}
	return b.String()
}

// Digest is a compact, deterministic summary of the report for an LLM
// prompt that writes the optional narrative (Report.Narrative): the facts
// a reviewer would start from, without the full inventory.
func (r *Report) Digest() string {
	var b strings.Builder
	c := r.Complexity
	inv := r.Inventory
	fmt.Fprintf(&b, "Process: %s\n", r.ProcessName)
	if r.ProcessPurpose != "" {
		fmt.Fprintf(&b, "Purpose: %s\n", r.ProcessPurpose)
	}
	fmt.Fprintf(&b, "Elements: %s, %s, %s, %s, %s, %s.\n",
		count(len(inv.Pools), "pool", "pools"), count(len(inv.Lanes), "lane", "lanes"),
		count(len(inv.Tasks), "task", "tasks"), count(len(inv.Gateways), "gateway", "gateways"),
		count(len(inv.Events), "event", "events"), count(len(inv.Transitions), "sequence flow", "sequence flows"))
	fmt.Fprintf(&b, "Quality score: %d/100 (%s).\n", r.Score.Overall, r.Score.Label)
	for _, cat := range r.Score.Categories {
		fmt.Fprintf(&b, "- %s: %s/%s\n", cat.Title, fmtPoints(cat.Score), fmtPoints(cat.Total))
	}
	fmt.Fprintf(&b, "Complexity: %s (%.1f/10).\n", c.Label, c.Score)
	for _, is := range r.Issues {
		elems := is.Elements
		if len(elems) > 5 {
			elems = elems[:5:5]
		}
		if is.ElementCount > len(elems) {
			elems = append(elems, fmt.Sprintf("and %d more", is.ElementCount-len(elems)))
		}
		fmt.Fprintf(&b, "Issue %d (%s): %s — %s\n", is.Number, is.Severity, is.Title, strings.Join(elems, "; "))
	}
	return b.String()
}
