package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/textshape"
)

// altHeadRe is the heading of one of several alternative ways to do the
// same thing: "Method 1 — GUI", "Option B: handheld printer".
var altHeadRe = regexp.MustCompile(`(?i)^(method|option|alternative|approach|pathway|path|variant|way|macro|case|scenario)\s+(\d{1,2}|[a-z])\b`)

// furniture reports whether a block is a caption, a link with at most a
// short label ("Also refer: https://…") or a callout opened by its
// title ("NOTE: …"): no step comes from it.
func furniture(bl block) bool {
	// SOPs carry these blocks beside the procedure; a model that shows
	// them as tasks or sub-processes hides the procedure behind them
	t := strings.TrimSpace(bl.text)
	if textshape.Caption(t) {
		return true
	}
	if bl.kind != blockRow && textshape.Link(t) {
		return true
	}
	return bl.kind != blockRow && bl.kind != blockHeading && textshape.CalloutLead(t)
}

// furnitureLine reports whether a line is a caption or a link with at
// most a short label.
func furnitureLine(t string) bool {
	return textshape.Caption(t) || textshape.Link(t)
}

// callout reports whether a heading is a callout box's title.
func callout(h string) bool {
	return textshape.CalloutTitle(h)
}

// choiceName names the step of a listed alternative that made no step
// of its own or one too bare to tell it from the others: "the scheme's
// dispute portal" → "Use scheme's dispute portal", "Restore from the
// snapshot on the file server." → "Restore from snapshot on file server".
func choiceName(text string) string {
	var ws []string
	for _, w := range strings.Fields(trimPunct(text)) {
		if !determiners[norm(w)] || len(ws) == 0 && norm(w) == "all" {
			ws = append(ws, w)
		}
	}
	ws = limitWords(ws, 7)
	if len(ws) == 0 {
		return ""
	}
	if _, f := verbForm(ws[0]); f != formBase && !strings.HasSuffix(strings.ToLower(ws[0]), "ing") {
		ws = append([]string{"use"}, lowerFirst(ws)...)
	}
	return capitalise(strings.Join(ws, " "))
}

// choiceItem reads one listed alternative of a choice: its steps, or a
// step named after it when the item has no verb ("Foam cleaning with
// the CIP unit", "the scheme's dispute portal").
func (a *analyzer) choiceItem(bl block) {
	before := len(a.drafts)
	bl.text = optionText(bl.text)
	if chain := arrowSplitRe.Split(strings.TrimRight(strings.TrimSpace(bl.text), ".!"), -1); len(chain) >= 2 && wordCount(chain[0]) <= 3 {
		// "release → put away to cold store" under "QA decides:": the
		// answer names the branch, what follows the arrow is its work
		last := len(chain) - 1
		ends := false
		if t := strings.TrimSpace(chain[last]); last > 1 && (stopClauseRe.MatchString(t) || strings.EqualFold(t, "end")) {
			chain, ends = chain[:last], true
		}
		bl.text = capitalise(strings.Join(chain[1:], ", then ")) + "."
		if ends {
			// "destroy → book the stock as scrap → END": that branch ends
			defer func() {
				if len(a.drafts) > before {
					a.b.seq = append(a.b.seq, &item{end: true})
				}
			}()
		}
	}
	a.listItem(bl)
	if len(a.drafts) > before {
		if d := a.drafts[before]; d.event == nil && wordCount(d.name) <= 2 && wordCount(bl.text) >= wordCount(d.name)+3 && !labelledStep(bl.text) && !ownClause(bl.text, d.name) && !actingClause(bl.text) {
			if n := choiceName(bl.text); n != "" {
				d.name = n
			}
		}
		return
	}
	name := choiceName(bl.text)
	if name == "" || a.count >= maxDrafts || a.section == sectionSkip {
		return
	}
	d := a.newDraft(bl.text, clause{verb: "use", object: strings.Fields(bl.text)}, bl.text)
	d.name = name
	d.inputs, d.outputs = nil, nil
	a.b.add([]*draft{d})
}

// labelledStep reports an item whose label heads a clause that names its
// own performer: "SCRAP - the warehouse scraps the parts", "Rework:
// production reworks the parts". The clause's step is the option's
// name, not the item's first words.
func labelledStep(text string) bool {
	text = strings.TrimSpace(text)
	if m := labelDashRe.FindStringSubmatch(text); m != nil {
		return dashLabel(m[1], m[2])
	}
	if m := rolePrefixRe.FindStringSubmatch(text); m != nil {
		return labelPrefix(m[1], m[2])
	}
	return false
}

// alternativeSections turns runs of sections headed as alternatives
// ("Method 1 — …", "Method 2 — …") into one exclusive choice with a
// branch per section: the reader follows one method, not all of them
// in a row.
func (a *analyzer) alternativeSections() {
	b := &a.b
	runs := false
	for i := 0; i+1 < len(b.seq); i++ {
		if altKey(b.seq[i]) != "" && altKey(b.seq[i]) == altKey(b.seq[i+1]) {
			runs = true
			break
		}
	}
	if !runs && !(b.secName != "" && altHeadRe.MatchString(b.secName)) {
		return
	}
	b.section("") // the last section is complete: close it to see it
	var out []*item
	for i := 0; i < len(b.seq); {
		k := altKey(b.seq[i])
		j := i + 1
		for j < len(b.seq) && k != "" && altKey(b.seq[j]) == k {
			j++
		}
		if j-i < 2 {
			out = append(out, b.seq[i])
			i++
			continue
		}
		g := &gwBlock{typ: process.GatewayExclusive, name: "Which " + k + "?", spec: "One of the alternative " + k + "s is used."}
		for _, it := range b.seq[i:j] {
			label := capitalise(it.sub.name)
			if strings.Count(label, "(") > strings.Count(label, ")") {
				label += ")" // the heading's closing bracket went with its punctuation
			}
			g.branches = append(g.branches, branch{label: label, items: []*item{it}})
		}
		out = append(out, &item{gw: g})
		i = j
	}
	// a document too short for sub-processes shows each method's steps
	// on its branch (flattenSubs only opens the sections at the top)
	subs, steps := 0, countActs(out)
	for _, it := range out {
		if it.sub != nil {
			subs++
		}
	}
	if subs < 2 || steps < minSubSteps {
		for _, it := range out {
			if it.gw == nil {
				continue
			}
			for i, br := range it.gw.branches {
				if len(br.items) == 1 && br.items[0].sub != nil {
					it.gw.branches[i].items = br.items[0].sub.items
				}
			}
		}
	}
	b.seq = out
	b.last = &b.seq
	b.lastN = 1
}

// altKey is the lower-case kind of alternative a section item's heading
// names ("method"), or "".
func altKey(it *item) string {
	if it.sub == nil {
		return ""
	}
	m := altHeadRe.FindStringSubmatch(it.sub.name)
	if m == nil {
		return ""
	}
	return strings.ToLower(m[1])
}

// settingStep reports whether a sentence in a table of settings or notes
// is an instruction: an order ("Verify nadir alignment before each
// flight day"), possibly after a lead-in ("For repeat plots, install
// permanent markers"). A statement about things ("Hard shadows move
// across the AOI") names no performer and makes no step.
func settingStep(s string) bool {
	ws := strings.Fields(s)
	if i := strings.Index(s, ", "); i > 0 && wordCount(s[:i]) <= 6 {
		if rest := strings.Fields(s[i+2:]); len(rest) > 0 {
			if _, f := verbForm(rest[0]); f == formBase {
				return true
			}
		}
	}
	if len(ws) == 0 {
		return false
	}
	_, f := verbForm(ws[0])
	return f == formBase
}

// layoutHeads are words for places on a page, a screen or a thing: a
// noun phrase ending in one ("Hard Shadows", "Center") is never a lane.
var layoutHeads = set(`center centre middle left right top bottom side sides corner corners edge edges shadow shadows margin margins background foreground`)

// layoutPhrase reports whether a noun phrase names a place or a shape,
// not a performer: its last word is a layout word and, for "centre",
// nothing in front of it makes it an organisation ("Service Centre").
func layoutPhrase(np string) bool {
	ws := strings.Fields(np)
	if len(ws) == 0 {
		return false
	}
	head := norm(ws[len(ws)-1])
	if !layoutHeads[head] {
		return false
	}
	if head == "center" || head == "centre" {
		return len(ws) == 1 || determiners[norm(ws[0])] && len(ws) == 2
	}
	return true
}

// logRow reads a row of an activity log without a header ("2026-03-04
// 08:05 | Field Service | Technician visits and tests the meter."), its
// first cell a time, date or number: its last cell's sentences are steps of the party named in the short cell
// before it. It reports whether the row was one.
func (a *analyzer) logRow(cells []string) bool {
	n := len(cells)
	if n < 3 || !strings.ContainsAny(cells[0], "0123456789") || !strings.ContainsAny(cells[n-1], ".!") || wordCount(cells[n-1]) < 4 {
		return false // a log row starts with its time or number; a settings row does not
	}
	who := strings.TrimSpace(cells[n-2])
	ws := strings.Fields(who)
	if len(ws) == 0 || len(ws) > 3 || !isCapitalised(who) || strings.ContainsAny(who, "0123456789.:") {
		return false
	}
	if nounPhrase(ws, 3) == "" {
		return false
	}
	saved := a.sectionActor
	a.sectionActor, a.rowActor = a.performer(who), true
	for _, s := range sentences(cells[n-1]) {
		a.sentence(s, false)
	}
	a.sectionActor, a.rowActor = saved, false
	return true
}
