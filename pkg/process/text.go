package process

import (
	"fmt"
	"strings"
)

// Section headings of the formatted text. The UI splits the text on "==="
// headings, so these strings are part of the contract.
const (
	SectionPurpose      = "=== Process Purpose ==="
	SectionParticipants = "=== Participants ==="
	SectionFlow         = "=== Process Flow Summary ==="
	SectionActivities   = "=== Sequential Activities with SIPOC ==="
	SectionSIPOC        = "=== SIPOC Summary ==="
	SectionGateways     = "=== Gateway Specifications ==="
)

// Sections lists the headings in the order FormattedText writes them.
var Sections = []string{SectionPurpose, SectionParticipants, SectionFlow, SectionActivities, SectionSIPOC, SectionGateways}

const none = "None identified"

// FormattedText renders the model as the analysis' formatted_text: six
// sections headed as in Sections, activities in flow order with their SIPOC
// and WT/wt, and the totals.
func FormattedText(m *Model) string {
	var b strings.Builder
	steps := Ordered(m)
	nameUnnamed(m, steps)
	multiPool := expandedPools(m) > 1

	b.WriteString(SectionPurpose + "\n")
	fmt.Fprintf(&b, "Process Name: %s\n", orNone(m.ProcessName, "Unnamed process"))
	fmt.Fprintf(&b, "Purpose: %s\n\n", orNone(m.ProcessPurpose, "Not stated in the source."))

	b.WriteString(SectionParticipants + "\n")
	writeParticipants(&b, m)
	b.WriteString("\n")

	b.WriteString(SectionFlow + "\n")
	writeFlowSummary(&b, m, steps, multiPool)
	b.WriteString("\n")

	b.WriteString(SectionActivities + "\n")
	writeActivities(&b, m, steps, multiPool)

	b.WriteString(SectionSIPOC + "\n")
	writeSIPOC(&b, m)
	b.WriteString("\n")

	b.WriteString(SectionGateways + "\n")
	writeGateways(&b, m, steps)
	return b.String()
}

// writeFlowSummary writes the flow summary: one line per step, indented
// by its depth in sub-processes, with its branches, boundary events and
// messages below it.
func writeFlowSummary(b *strings.Builder, m *Model, steps []Step, multiPool bool) {
	for _, s := range steps {
		ind := strings.Repeat("  ", s.Depth)
		switch s.Kind {
		case StepStart:
			if s.Depth > 0 && plainEdge(s, "Start") {
				continue
			}
			// the trigger follows the name: the UI reads "Start: …" lines
			fmt.Fprintf(b, "%sStart: %s%s\n", ind, orNone(s.Name, "Start"), eventSuffix(s))
		case StepEnd:
			if s.Depth > 0 && plainEdge(s, "End") {
				continue
			}
			fmt.Fprintf(b, "%sEnd: %s%s\n", ind, orNone(s.Name, "End"), eventSuffix(s))
		case StepEvent:
			fmt.Fprintf(b, "%sEvent%s: %s\n", ind, eventSuffix(s), orNone(s.Name, "Intermediate event"))
		case StepActivity:
			fmt.Fprintf(b, "%sStep %d: %s%s%s\n", ind, s.Number, s.Name, activityNotes(s), performerSuffix(performerOf(m, s, multiPool)))
		case StepGateway:
			if s.Join {
				continue
			}
			fmt.Fprintf(b, "%sGateway (%s): %s\n", ind, titleType(s.GatewayType), gatewayName(s))
		}
		for _, br := range s.Branches {
			fmt.Fprintf(b, "%s  - %s → %s\n", ind, branchLabel(s, br), br.TargetName)
		}
		for _, bd := range s.Boundaries {
			fmt.Fprintf(b, "%s  - %s\n", ind, boundaryLine(bd))
		}
		for _, msg := range s.Messages {
			fmt.Fprintf(b, "%s  - %s\n", ind, messageLine(msg))
		}
	}
}

// writeActivities writes each activity with its SIPOC and times, and each
// split's branches, in step order, then the process' total times.
func writeActivities(b *strings.Builder, m *Model, steps []Step, multiPool bool) {
	byID := map[string]Activity{}
	for _, a := range m.Activities {
		if _, ok := byID[a.ID]; !ok {
			byID[a.ID] = a
		}
	}
	links := newLinkIndex(m)
	for _, s := range steps {
		switch s.Kind {
		case StepActivity:
			a := byID[s.ID]
			fmt.Fprintf(b, "%d. %s\n", s.Number, s.Name)
			if a.Performer != "" {
				fmt.Fprintf(b, "   Performer: %s\n", a.Performer)
			}
			sp := links.sipoc(a)
			fmt.Fprintf(b, "   Suppliers: %s\n", list(sp.Suppliers))
			fmt.Fprintf(b, "   Inputs: %s\n", list(sp.Inputs))
			fmt.Fprintf(b, "   Outputs: %s\n", list(sp.Outputs))
			fmt.Fprintf(b, "   Customers: %s\n", list(sp.Customers))
			fmt.Fprintf(b, "   Systems: %s\n", list(sp.Systems))
			fmt.Fprintf(b, "   Work Time (WT): %s\n", FormatDuration(a.WorkMinutes))
			fmt.Fprintf(b, "   Wait Time (wt): %s\n", FormatDuration(a.WaitMinutes))
			writeActivityExtras(b, m, s, multiPool)
			if a.Source != "" {
				fmt.Fprintf(b, "   Source: %q\n", a.Source)
			}
		case StepGateway:
			if s.Join {
				continue
			}
			fmt.Fprintf(b, "Gateway (%s): %s\n", titleType(s.GatewayType), gatewayName(s))
			for _, br := range s.Branches {
				fmt.Fprintf(b, "   - %s → %s\n", branchLabel(s, br), br.TargetName)
			}
		}
	}
	work, wait := Totals(m)
	fmt.Fprintf(b, "\nTotal Work Time (WT): %s\n", FormatDuration(work))
	fmt.Fprintf(b, "Total Wait Time (wt): %s\n", FormatDuration(wait))
	fmt.Fprintf(b, "Total Lead Time (WT + wt): %s\n\n", FormatDuration(work+wait))
}

// writeSIPOC writes the SIPOC table, one list per column.
func writeSIPOC(b *strings.Builder, m *Model) {
	t := SIPOCTable(m)
	for _, col := range []struct {
		name string
		vals []string
	}{{"Suppliers", t.Suppliers}, {"Inputs", t.Inputs}, {"Processes", t.Processes}, {"Outputs", t.Outputs}, {"Customers", t.Customers}, {"Systems", t.Systems}} {
		b.WriteString(col.name + ":\n")
		if len(col.vals) == 0 {
			b.WriteString("- " + none + "\n")
		}
		for _, v := range col.vals {
			b.WriteString("- " + v + "\n")
		}
	}
}

// writeGateways writes each split with who decides it, its specification
// and its conditions.
func writeGateways(b *strings.Builder, m *Model, steps []Step) {
	gws := map[string]Gateway{}
	for _, g := range m.Gateways {
		if _, ok := gws[g.ID]; !ok {
			gws[g.ID] = g
		}
	}
	n := 0
	for _, s := range steps {
		if s.Kind != StepGateway || s.Join {
			continue
		}
		n++
		g := gws[s.ID]
		fmt.Fprintf(b, "%d. %s (%s gateway", n, gatewayName(s), titleType(s.GatewayType))
		if g.Performer != "" {
			fmt.Fprintf(b, ", decided by %s", g.Performer)
		}
		b.WriteString(")\n")
		if g.Specification != "" {
			fmt.Fprintf(b, "   Specification: %s\n", g.Specification)
		}
		if len(s.Branches) > 0 {
			b.WriteString("   Conditions:\n")
		}
		for _, br := range s.Branches {
			fmt.Fprintf(b, "   - %s → %s\n", branchLabel(s, br), br.TargetName)
		}
	}
	if n == 0 {
		b.WriteString("No gateways: the process runs as a single sequence.\n")
	}
}

// performerSuffix is a flow step's " (performer)", or nothing when no
// one is named: never an empty "()". The web app reads the last
// bracketed part of a step line as its performer (process-view.ts).
func performerSuffix(p string) string {
	if strings.TrimSpace(p) == "" {
		return ""
	}
	return " (" + p + ")"
}

func orNone(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

func list(vs []string) string {
	if len(vs) == 0 {
		return none
	}
	return strings.Join(vs, ", ")
}

func titleType(t string) string {
	switch t {
	case GatewayParallel:
		return "Parallel"
	case GatewayInclusive:
		return "Inclusive"
	case GatewayEventBased:
		return "Event-based"
	default:
		return "Exclusive"
	}
}

// gatewayName is a gateway step's name; nameUnnamed has named every
// gateway of the model, so the kind alone is left for one it does not
// list.
func gatewayName(s Step) string {
	if s.Name != "" {
		return s.Name
	}
	return UnnamedPhrase(strings.ToLower(titleType(s.GatewayType))+" gateway", 1, 1)
}

func branchLabel(s Step, br Branch) string {
	label := br.Condition
	switch {
	case label != "":
	case br.Default:
		label = "Otherwise"
	case s.GatewayType == GatewayParallel:
		label = "In parallel"
	default:
		label = "Then"
	}
	if br.Default {
		label += " (default)"
	}
	return label
}
