// Package quality analyses a parsed BPMN model: element inventory,
// complexity metrics, lint findings turned into numbered quality issues,
// an explainable 0–100 quality score and the formatted report the BPMN
// Analyzer shows. Everything here is deterministic: the same file always
// gives the same report, and every deducted point names its rule or metric.
package quality

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn/lint"
	"github.com/spade-bpmn/spade/pkg/bpmn/parse"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
)

// Quality score labels of the spec.
const (
	LabelExcellent        = "Excellent"
	LabelGood             = "Good"
	LabelFair             = "Fair"
	LabelNeedsImprovement = "Needs Improvement"
)

// Report is the BPMN Analyzer's result for one model.
type Report struct {
	ProcessName    string `json:"process_name"`
	ProcessPurpose string `json:"process_purpose,omitempty"`
	FileName       string `json:"original_filename,omitempty"`
	// Exporter is the modelling tool named in the file, if any.
	Exporter string `json:"exporter,omitempty"`
	Encoding string `json:"encoding,omitempty"`

	Processes      int `json:"processes"`
	Collaborations int `json:"collaborations"`
	Diagrams       int `json:"diagrams"`

	Inventory  Inventory   `json:"inventory"`
	Complexity Complexity  `json:"complexity"`
	Lint       lint.Report `json:"lint"`
	Score      Score       `json:"score"`
	Issues     []Issue     `json:"issues"`
	// Recommendations are written from the issues and metrics.
	Recommendations []Recommendation `json:"recommendations"`
	// Narrative is optional prose from an LLM, appended by the caller to
	// the Improvement Recommendations section.
	Narrative string `json:"narrative,omitempty"`
	// XML is the BPMN document analysed: the upload itself, or the diagram
	// bpmn.Build drew from an uploaded process-model JSON. Set by
	// AnalyzeFile; the analysis stores it as its diagram.
	XML []byte `json:"-"`
	// FromModelJSON says the upload was a process-model JSON.
	FromModelJSON bool `json:"from_model_json,omitempty"`
	// Definitions is the parsed file, kept so that callers can convert it
	// into a process model (pkg/bpmn/tomodel) without parsing it again.
	Definitions *parse.Definitions `json:"-"`
}

// Score is the quality score: four weighted categories adding up to 100.
type Score struct {
	Overall    int        `json:"overall"`
	Label      string     `json:"label"`
	Categories []Category `json:"categories"`
}

// Category is one weighted part of the score. Total equals the weight, so
// category scores add up to the overall score.
type Category struct {
	Key           string      `json:"key"`
	Title         string      `json:"title"`
	WeightPercent int         `json:"weight_percent"`
	Score         float64     `json:"score"`
	Total         float64     `json:"total"`
	Rationale     string      `json:"rationale"`
	Deductions    []Deduction `json:"deductions"`
}

// Deduction is points taken off a category, with the rule or metric
// responsible.
type Deduction struct {
	// Source is a lint rule name or "metric:<name>".
	Source string  `json:"source"`
	Count  int     `json:"count"`
	Points float64 `json:"points"`
	Reason string  `json:"reason"`
}

// Issue is one quality issue: all findings of one rule.
type Issue struct {
	Number   int    `json:"number"`
	Title    string `json:"title"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	// ElementCount is exact; Elements lists at most maxIssueElements.
	ElementCount int      `json:"element_count"`
	Elements     []string `json:"elements"`
	// Findings are the rule's own messages for a logic rule (lint.Logic),
	// which say what each element leads to ("… leads on to 'Pay repair
	// shop'"); at most maxIssueFindings.
	Findings       []string `json:"findings,omitempty"`
	Problem        string   `json:"problem"`
	Recommendation string   `json:"recommendation"`
	VisualHint     string   `json:"visual_guidance"`
}

// Recommendation is one improvement, most important first.
type Recommendation struct {
	Priority string `json:"priority"` // High | Medium | Low
	Text     string `json:"text"`
	// Source is the rule or metric the recommendation comes from.
	Source string `json:"source"`
}

// Analyze builds the report from a parsed model and its lint report.
func Analyze(defs *parse.Definitions, lintReport lint.Report) *Report {
	r := &Report{
		Lint:           lintReport,
		Encoding:       defs.Encoding,
		Exporter:       strings.TrimSpace(defs.Root.Attr("exporter") + " " + defs.Root.Attr("exporterVersion")),
		Processes:      len(defs.Processes),
		Collaborations: len(defs.Collaborations),
		Diagrams:       len(defs.Diagrams),
	}
	r.ProcessName = processName(defs)
	r.ProcessPurpose = processPurpose(defs)
	// One Namer for the report: it counts each holder's unnamed children
	// once, however many of them the inventory and the issues name.
	nm := tomodel.NewNamer()
	r.Inventory = inventory(defs, nm)
	r.Complexity = complexity(defs)
	r.Issues = issues(defs, lintReport, nm)
	r.Score = score(r)
	r.Recommendations = recommendations(r)
	return r
}

// processName prefers the main process's name, then its pool's, then the
// file's own name; "" lets AnalyzeFile fall back to the file name.
func processName(d *parse.Definitions) string {
	main := mainProcess(d)
	if main != nil {
		if n := main.Label(); n != "" {
			return oneLine(n, 120)
		}
		if main.Participant != nil && main.Participant.Label() != "" {
			return oneLine(main.Participant.Label(), 120)
		}
	}
	for _, p := range d.Processes {
		if p.Label() != "" {
			return oneLine(p.Label(), 120)
		}
	}
	for _, c := range d.Collaborations {
		for _, p := range c.ChildrenOf("participant") {
			if p.Label() != "" && p.ProcessRef != nil {
				return oneLine(p.Label(), 120)
			}
		}
	}
	return oneLine(d.Root.Label(), 120)
}

// mainProcess is the process with the most flow nodes (pools of external
// partners are often empty), the first on ties.
func mainProcess(d *parse.Definitions) *parse.Element {
	var best *parse.Element
	bestN := -1
	for _, p := range d.Processes {
		n := 0
		p.Walk(func(e *parse.Element) bool {
			if parse.IsFlowNode(e.Kind) {
				n++
			}
			return true
		})
		if n > bestN {
			best, bestN = p, n
		}
	}
	return best
}

func processPurpose(d *parse.Definitions) string {
	for _, e := range []*parse.Element{mainProcess(d), d.Root} {
		if e == nil {
			continue
		}
		if doc := e.Child("documentation"); doc != nil && doc.Text != "" {
			return oneLine(doc.Text, 400)
		}
	}
	return ""
}

// maxIssueElements bounds the elements listed per issue (the count stays
// exact), keeping metadata small for huge models.
const maxIssueElements = 200

// maxIssueFindings bounds the messages kept per logic issue.
const maxIssueFindings = 20

func issues(d *parse.Definitions, rep lint.Report, nm *tomodel.Namer) []Issue {
	type group struct {
		rule     string
		severity lint.Severity
		elems    []string
		findings []string
		count    int
		seen     map[string]bool
	}
	byRule := map[string]*group{}
	var order []string
	for _, f := range rep.Findings {
		g := byRule[f.Rule]
		if g == nil {
			g = &group{rule: f.Rule, severity: f.Severity, seen: map[string]bool{}}
			byRule[f.Rule] = g
			order = append(order, f.Rule)
		}
		if lint.IsLogic(f.Rule) && len(g.findings) < maxIssueFindings {
			g.findings = append(g.findings, f.Message)
		}
		if g.seen[f.ElementID] {
			continue
		}
		g.seen[f.ElementID] = true
		g.count++
		if len(g.elems) >= maxIssueElements {
			continue
		}
		name := "the whole model"
		if f.ElementID != "" {
			if e := d.ByID(f.ElementID); e != nil {
				name = display(e, nm)
			} else {
				name = f.ElementID
			}
		}
		g.elems = append(g.elems, name)
	}
	// Errors first, then by the points the rule costs, then by name.
	sort.SliceStable(order, func(i, j int) bool {
		a, b := byRule[order[i]], byRule[order[j]]
		if (a.severity == lint.Error) != (b.severity == lint.Error) {
			return a.severity == lint.Error
		}
		pa, pb := rulePoints(a.rule, a.severity, a.count), rulePoints(b.rule, b.severity, b.count)
		if pa != pb {
			return pa > pb
		}
		return a.rule < b.rule
	})
	out := make([]Issue, 0, len(order))
	for i, rule := range order {
		g := byRule[rule]
		info := infoFor(rule)
		out = append(out, Issue{
			Number:         i + 1,
			Title:          info.title,
			Rule:           rule,
			Severity:       string(g.severity),
			ElementCount:   g.count,
			Elements:       g.elems,
			Findings:       g.findings,
			Problem:        info.problem,
			Recommendation: info.recommendation,
			VisualHint:     info.visual,
		})
	}
	return out
}

func rulePoints(rule string, sev lint.Severity, n int) float64 {
	info := infoFor(rule)
	per := info.perWarn
	if sev == lint.Error {
		per = info.perError
	}
	return math.Min(info.cap, per*float64(n))
}

func score(r *Report) Score {
	ded := map[string][]Deduction{}
	for _, is := range r.Issues {
		info := infoFor(is.Rule)
		n := is.ElementCount
		pts := rulePoints(is.Rule, lint.Severity(is.Severity), n)
		reason := fmt.Sprintf("%s: %d %s (%s)", is.Title, n, plural(n, "element", "elements"), is.Severity)
		if pts < perFinding(info, is.Severity)*float64(n) {
			reason += fmt.Sprintf(", capped at %.0f points", info.cap)
		}
		ded[info.category] = append(ded[info.category], Deduction{Source: is.Rule, Count: n, Points: pts, Reason: reason})
	}
	c := r.Complexity
	if c.Size == 0 {
		ded[CatCorrectness] = append(ded[CatCorrectness], Deduction{Source: "metric:size", Count: 0, Points: 40,
			Reason: "the model contains no activities, events or gateways, so there is no process flow to assess"})
	}
	switch {
	case c.Label == ComplexityHigh:
		ded[CatStructure] = append(ded[CatStructure], Deduction{Source: "metric:complexity", Count: 1, Points: 4,
			Reason: fmt.Sprintf("complexity is High (%.1f/10); split the model into sub-processes", c.Score)})
	case c.Label == ComplexityModerate && c.Score > 5:
		ded[CatStructure] = append(ded[CatStructure], Deduction{Source: "metric:complexity", Count: 1, Points: 2,
			Reason: fmt.Sprintf("complexity is in the upper Moderate band (%.1f/10)", c.Score)})
	}
	if c.NestingDepth > 2 {
		ded[CatStructure] = append(ded[CatStructure], Deduction{Source: "metric:nesting_depth", Count: c.NestingDepth, Points: 2,
			Reason: fmt.Sprintf("sub-processes nest %d levels deep (more than 2)", c.NestingDepth)})
	}
	if c.ConcurrentMismatch > 0 {
		pts := math.Min(3, float64(c.ConcurrentMismatch)*0.5)
		ded[CatStructure] = append(ded[CatStructure], Deduction{Source: "metric:concurrent_gateway_mismatch", Count: c.ConcurrentMismatch, Points: pts,
			Reason: fmt.Sprintf("parallel/inclusive gateway mismatch %d: concurrent branches are split without a matching join", c.ConcurrentMismatch)})
	}
	if r.Diagrams == 0 {
		// Without any diagram no-bpmndi's per-element deductions stay
		// capped; the whole layout category is lost instead.
		ded[CatLayout] = []Deduction{{Source: "metric:diagram", Count: 0, Points: 15,
			Reason: "the file has no diagram (BPMNDiagram), so no tool can show it as drawn"}}
	}
	if logic := logicIssues(r.Issues); len(logic) > 0 {
		// A model whose behaviour is suspect is never rated Excellent,
		// however well it is drawn: Correctness loses what it takes to
		// bring the score just below the band.
		if total := categoryTotal(ded); total >= excellentFrom-0.5 {
			ded[CatCorrectness] = append(ded[CatCorrectness], Deduction{Source: "metric:logic", Count: len(logic),
				Points: round1(total - (excellentFrom - 1)),
				Reason: "the model has logic warnings (" + strings.Join(logic, ", ") + "); a model whose behaviour is suspect is never rated " + LabelExcellent})
		}
	}
	var s Score
	total := 0.0
	for _, cd := range categories {
		cat := Category{Key: cd.key, Title: cd.title, WeightPercent: cd.weight, Total: float64(cd.weight), Deductions: ded[cd.key]}
		lost := 0.0
		for _, d := range cat.Deductions {
			lost += d.Points
		}
		cat.Score = round1(math.Max(0, cat.Total-lost))
		cat.Rationale = rationale(cat)
		if cat.Deductions == nil {
			cat.Deductions = []Deduction{}
		}
		total += cat.Score
		s.Categories = append(s.Categories, cat)
	}
	s.Overall = int(math.Round(total))
	s.Label = scoreLabel(s.Overall)
	return s
}

// excellentFrom is the lowest score rated Excellent.
const excellentFrom = 80

// logicIssues names the issues that come from logic rules (lint.Logic).
func logicIssues(issues []Issue) []string {
	var out []string
	for _, is := range issues {
		if lint.IsLogic(is.Rule) {
			out = append(out, is.Title)
		}
	}
	return out
}

// categoryTotal is the overall score the deductions leave, category by
// category as score() computes it.
func categoryTotal(ded map[string][]Deduction) float64 {
	total := 0.0
	for _, cd := range categories {
		lost := 0.0
		for _, d := range ded[cd.key] {
			lost += d.Points
		}
		total += round1(math.Max(0, float64(cd.weight)-lost))
	}
	return total
}

func perFinding(info ruleInfo, sev string) float64 {
	if sev == string(lint.Error) {
		return info.perError
	}
	return info.perWarn
}

func rationale(c Category) string {
	if len(c.Deductions) == 0 {
		return "Full marks: no rule or metric of this category found a problem."
	}
	parts := make([]string, 0, len(c.Deductions))
	for _, d := range c.Deductions {
		parts = append(parts, fmt.Sprintf("−%s %s [%s]", fmtPoints(d.Points), d.Reason, d.Source))
	}
	return strings.Join(parts, "; ") + "."
}

func fmtPoints(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%.0f", f)
	}
	return fmt.Sprintf("%.1f", f)
}

func scoreLabel(overall int) string {
	switch {
	case overall >= excellentFrom:
		return LabelExcellent
	case overall >= 70:
		return LabelGood
	case overall >= 50:
		return LabelFair
	default:
		return LabelNeedsImprovement
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func recommendations(r *Report) []Recommendation {
	var out []Recommendation
	for _, is := range r.Issues {
		prio := "Medium"
		info := infoFor(is.Rule)
		switch {
		case is.Severity == string(lint.Error) && info.category == CatCorrectness, lint.IsLogic(is.Rule):
			prio = "High"
		case is.Severity != string(lint.Error):
			prio = "Low"
		}
		out = append(out, Recommendation{Priority: prio, Source: is.Rule,
			Text: fmt.Sprintf("%s (%d %s): %s", is.Title, is.ElementCount, plural(is.ElementCount, "element", "elements"), is.Recommendation)})
	}
	c := r.Complexity
	if c.Size == 0 {
		out = append(out, Recommendation{Priority: "High", Source: "metric:size",
			Text: "Model the process itself: add a start event, the activities in order, and an end event inside a process (or pool)."})
	}
	if c.Label == ComplexityHigh {
		out = append(out, Recommendation{Priority: "High", Source: "metric:complexity",
			Text: fmt.Sprintf("Reduce complexity (%.1f/10): group related activities into sub-processes and keep each level to about 7–15 steps.", c.Score)})
	}
	if c.ConcurrentMismatch > 0 {
		out = append(out, Recommendation{Priority: "Low", Source: "metric:concurrent_gateway_mismatch",
			Text: "Join concurrent branches with a gateway of the same type as their split, so readers see where parallel work comes back together."})
	}
	if len(r.Inventory.Lanes) == 0 && len(r.Inventory.Tasks) > 3 {
		out = append(out, Recommendation{Priority: "Low", Source: "metric:lanes",
			Text: "Add lanes for the roles or systems that perform the tasks, so responsibilities are visible."})
	}
	order := map[string]int{"High": 0, "Medium": 1, "Low": 2}
	sort.SliceStable(out, func(i, j int) bool { return order[out[i].Priority] < order[out[j].Priority] })
	return out
}

// Metadata is the analysis metadata of a BPMN analysis: the two fields the
// spec names (element_inventory_data, process_complexity_data) and, under
// "quality", the score, issues, recommendations and lint summary the
// Quality Score and Quality Issues tabs show.
func (r *Report) Metadata() map[string]any {
	return map[string]any{
		"element_inventory_data":  r.ElementInventoryData(),
		"process_complexity_data": r.ProcessComplexityData(),
		"quality":                 r.QualityData(),
	}
}

// QualityData is the metadata "quality" field (analysis.Metadata.Quality).
func (r *Report) QualityData() map[string]any {
	return map[string]any{
		"score":           r.Score,
		"issues":          r.Issues,
		"recommendations": r.Recommendations,
		"lint": map[string]any{
			"errors":      r.Lint.Errors,
			"warnings":    r.Lint.Warnings,
			"by_rule":     r.Lint.CountByRule(),
			"rule_errors": r.Lint.RuleErrors,
		},
	}
}
