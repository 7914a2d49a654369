package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/textshape"
)

var headingStop = set(`what who how when why where which for of the and responsibilities duties tasks role`)

// roleFieldRe is a document header field naming who performs the
// procedure.
var roleFieldRe = regexp.MustCompile(`(?i)^(?:responsible(?:\s+(?:role|person|party))?|responsibility|role|performer|performed by|executed by|actor|process owner)\s*:\s*([A-Za-z][\w&/.' -]{1,50}?)[.]?$`)

var audienceRe = regexp.MustCompile(`(?i)\b(?:intended for|carried out by|performed by|completed by|done by|to be used by|audience:?|(?:sop|procedure|instruction|checklist|document) applies to)\s+(?:the\s+|all\s+|trained\s+|qualified\s+|authori[sz]ed\s+|experienced\s+)*([A-Za-z][\w-]*(?:\s[A-Za-z][\w-]*){0,3})`)

// document reads a whole text: who it addresses, then its blocks in
// order. Each block is a callout box's text, page furniture, part of a
// list of alternatives, a header field or title, the closing formula of
// a letter, or content read by its kind.
func (a *analyzer) document(text string) {
	a.aliases = withLegend(findAcronyms(text), text)
	a.audience(text)
	a.titleAudience(text)
	blocks := segment(a.ctx, text)
	st := &docState{}
	defer func() {
		a.endChoice(st.ch)
		if a.ctx.Err() == nil {
			a.alternativeSections()
		}
	}()
	for i, bl := range blocks {
		if a.ctx.Err() != nil {
			return // cancelled or out of time: the caller reports it
		}
		if st.inBox(i, bl) || furniture(bl) || a.choiceBlock(st, bl) || a.headerBlock(i, bl, len(blocks)) {
			continue
		}
		if a.count > 0 && bl.kind != blockRow && bl.kind != blockItem && signOff(bl.text) {
			// "Kind regards, Nadia Kowalski, Plant Quality Manager": the
			// e-mail is over; its signature names no step
			return
		}
		if bl.kind != blockRow {
			a.table = nil
		}
		a.readBlock(bl)
	}
}

// docState is what document carries from one block to the next.
type docState struct {
	// ch collects the list after "one of the following methods:", each
	// item an alternative
	ch *choice
	// box holds the marker of the list a callout box ("Note", "TODO.")
	// goes on with; boxOpen says a box title was the last block
	boxOpen bool
	box     string
}

// audience makes the party the document addresses ("intended for …",
// "performed by …") the performer of the steps nobody else is named for.
func (a *analyzer) audience(text string) {
	m := audienceRe.FindStringSubmatch(text)
	if m == nil {
		return
	}
	ws := strings.Fields(m[1])
	for i, w := range ws {
		if roleWords[norm(w)] {
			ws = ws[:i+1] // "APPN staff processing data" → "APPN staff"
			break
		}
	}
	if np := nounPhrase(ws, 4); isAgent(np) {
		a.docActor = a.performer(np)
	}
}

// inBox reports whether block i is a callout box's title or text: a
// remark, no step.
func (st *docState) inBox(i int, bl block) bool {
	if st.boxOpen {
		if bl.kind == blockPara || bl.kind == blockItem && bl.marker != "number" && (st.box == "" || bl.marker == st.box) {
			st.box = bl.marker
			if bl.kind == blockPara {
				st.boxOpen = false
			}
			return true // the box's text is a remark, no step
		}
		st.boxOpen = false
	}
	if bl.kind == blockHeading && callout(bl.text) && i > 0 {
		st.boxOpen, st.box = true, ""
		return true
	}
	return false
}

// choiceBlock reads a block that belongs to a list of alternatives or
// work side by side: an item of the open list, or the lead that opens
// one ("… one of the following methods:"). A block of another kind or
// glyph ends the open list. It reports whether the block was read.
func (a *analyzer) choiceBlock(st *docState, bl block) bool {
	if a.parallelRow(st, bl) {
		return true // "… run simultaneously:" and a table of work streams
	}
	if st.ch != nil && (bl.kind != blockItem || bl.glyph == st.ch.marker) {
		a.endChoice(st.ch)
		st.ch = nil
	}
	if st.ch != nil {
		a.b.closeOpen()
		st.ch.bounds = append(st.ch.bounds, len(a.b.seq))
		if st.ch.parallel {
			a.listItem(bl) // work, not a method's name
		} else {
			a.choiceItem(bl)
		}
		a.b.closeOpen()
		return true
	}
	lead := strings.TrimSpace(bl.text)
	if (bl.kind != blockItem && bl.kind != blockPara) || !strings.HasSuffix(lead, ":") || (!choiceLeadRe.MatchString(lead) && !parallelLeadRe.MatchString(lead)) {
		return false
	}
	marker := ""
	if bl.kind == blockItem {
		marker = bl.glyph
	}
	if bl.kind == blockItem {
		a.listItem(bl)
	} else {
		for _, s := range sentences(bl.text) {
			a.sentence(s, false)
		}
	}
	a.b.closeOpen()
	st.ch = &choice{marker: marker, lead: bl.text, parallel: !choiceLeadRe.MatchString(lead)}
	return true
}

// headerBlock reads a block of the document's header, of n blocks in
// all: a roster of who met, a field naming who performs the procedure,
// or the title as the first block. It reports whether the block was
// one.
func (a *analyzer) headerBlock(i int, bl block, n int) bool {
	if bl.kind == blockPara && rosterRe.MatchString(strings.TrimSpace(bl.text)) {
		return true // "Present: Change Manager (chair), …": who met, no step
	}
	// "Responsible: System administrator" in an SOP's header names
	// who does the steps; it is no step and no lane of its own
	if m := roleFieldRe.FindStringSubmatch(strings.TrimSpace(bl.text)); m != nil && bl.kind != blockRow {
		if np := nounPhrase(strings.Fields(m[1]), 5); np != "" && a.docActor == "" {
			a.docActor = a.performer(np)
		}
		return true
	}
	if i == 0 && a.name == "" && n > 1 {
		if bl.kind == blockHeading || (bl.kind == blockPara && wordCount(bl.text) <= 12 && !endsSentence(bl.text)) {
			a.name = trimPunct(bl.text)
			return true
		}
	}
	return false
}

// readBlock reads a content block by its kind: a table row, a heading, a
// list item or a paragraph (short lines under Inputs or Outputs are
// read as items; a skipped section's paragraphs not at all).
func (a *analyzer) readBlock(bl block) {
	switch bl.kind {
	case blockRow:
		a.row(bl.cells)
	case blockHeading:
		if bl.runIn && a.b.secName != "" {
			a.sectionKind(bl.text) // "Inputs." inside "Method 1 — …"
			return
		}
		a.heading(bl.text)
	case blockItem:
		a.listItem(bl)
	case blockPara:
		if a.section == sectionSkip {
			return
		}
		if a.section == sectionInputs || a.section == sectionOutputs {
			if wordCount(bl.text) <= 10 {
				a.listItem(block{kind: blockItem, text: bl.text, marker: "bullet"})
				return
			}
		}
		a.paragraph(bl.text)
	}
}

// paragraph reads a paragraph's sentences in order, each knowing the one
// after it.
func (a *analyzer) paragraph(text string) {
	ss := forCaseRuns(questionConditions(sentences(text)))
	for i, s := range ss {
		a.nextSentence = ""
		if i+1 < len(ss) {
			a.nextSentence = ss[i+1]
		}
		a.sentence(s, false)
	}
	a.nextSentence = ""
}

// signOffRe is the closing formula of a letter or e-mail: "Kind
// regards,", "Thanks and regards", "Best,", "Thank you for your
// cooperation,".
var signOffRe = regexp.MustCompile(`(?i)^(?:(?:many\s+|and\s+)?thanks|thank\s+you|(?:best|kind|warm|warmest|with\s+kind|with\s+best)(?:\s+regards|\s+wishes)?|regards|cheers|sincerely|yours(?:\s+(?:sincerely|faithfully|truly))?|br|kr)\b[^.?\n]{0,50}?[,!]?$`)

// signOff reports whether a block opens with a letter's closing formula
// on a short line of its own, followed at most by a few signature lines.
func signOff(text string) bool {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	first := strings.TrimSpace(lines[0])
	if wordCount(text) > 20 {
		return false
	}
	if len(lines) == 1 && signOffJoinedRe.MatchString(first) && !endsSentence(first) {
		return true
	}
	if wordCount(first) > 6 {
		return false
	}
	if len(lines) == 1 && !strings.HasSuffix(first, ",") && !strings.HasSuffix(first, "!") {
		// "Best regards" alone, or a paragraph that joined the lines
		return signOffRe.MatchString(first) && wordCount(first) <= 3
	}
	return signOffRe.MatchString(first)
}

// signOffJoinedRe is a closing formula whose signature lines were joined
// into one paragraph: "Thanks and regards, Nadia Kowalski Plant Quality
// Manager".
var signOffJoinedRe = regexp.MustCompile(`(?i)^(?:(?:many\s+|and\s+)?thanks(?:\s+and\s+regards)?|thank\s+you[^,]{0,30}|(?:best|kind|warm)\s+regards|regards|best|cheers|sincerely)\s*,\s+\S`)

// choiceLeadRe introduces a list of alternatives: "… using one of the
// following methods:", "Use one of:".
var choiceLeadRe = regexp.MustCompile(`(?i)\b(?:(?:any\s+)?one of(?:\s+the)?(?:\s+following|\s+these)?(?:\s+\w+){0,2}|either of the following(?:\s+\w+)?|choose (?:one|between)(?:\s+\w+){0,3}|(?:decides|chooses|selects)(?:\s+(?:between|on|whether|either))?|(?:two|three|four|five|2|3|4|5)\s+(?:possible\s+|different\s+)?(?:options|alternatives|choices|possibilities|outcomes|results)(?:\s+\w+){0,2})\s*\)?\s*:\s*$`)

// choice is a run of list items that are alternatives: bounds[i] is
// where item i's steps begin in the builder's main sequence.
type choice struct {
	marker string // the lead item's glyph: items with another one are the options
	lead   string
	bounds []int
	// parallel: the items run side by side ("The following happens in
	// parallel:"), not one of them
	parallel bool
}

// parallelLeadRe introduces a list of work done side by side: "The
// following happens in parallel:", "At the same time:".
var parallelLeadRe = regexp.MustCompile(`(?i)\b(?:in\s+parallel|at\s+the\s+same\s+time|simultaneously|concurrently|side\s+by\s+side)\s*:\s*$`)

// endChoice turns the steps of a choice's items into the branches of one
// exclusive decision: the reader takes one of the methods, not all of
// them in a row.
func (a *analyzer) endChoice(ch *choice) {
	if ch == nil || len(ch.bounds) < 2 {
		return
	}
	a.b.closeOpen()
	seq := a.b.seq
	var branches []branch
	for i, from := range ch.bounds {
		to := len(seq)
		if i+1 < len(ch.bounds) {
			to = ch.bounds[i+1]
		}
		if from > to || to > len(seq) || from == to {
			return // an item made no step: leave the list as it is
		}
		items := append([]*item(nil), seq[from:to]...)
		label := ""
		if it := items[0]; it.act != nil {
			label = it.act.name
		}
		branches = append(branches, branch{label: label, items: items})
	}
	g := &gwBlock{typ: process.GatewayExclusive, name: choiceQuestion(ch.lead), spec: "One of the listed alternatives is used."}
	if ch.parallel {
		g = &gwBlock{typ: process.GatewayParallel, spec: "The branches run at the same time; the process continues when all are done."}
		for i := range branches {
			branches[i].label = ""
		}
	}
	g.branches = branches
	a.b.seq = append(seq[:ch.bounds[0]], &item{gw: g})
	a.b.last = &a.b.seq
	a.b.lastN = 1
}

func (a *analyzer) heading(h string) {
	if a.name == "" {
		a.name = h
	}
	if a.sectionNames == nil {
		a.sectionNames = map[int]string{}
	}
	a.sectionNames[a.sectionNo+1] = trimPunct(stripNumber(h))
	if len(a.headings) < maxHeadingSteps+1 {
		a.headings = appendUnique(a.headings, trimPunct(stripNumber(h)))
	}
	a.b.section(trimPunct(stripNumber(h)))
	a.sectionNo++
	a.sectionKind(h)
	a.sectionActor = ""
	ws := strings.Fields(h)
	if len(ws) <= 6 {
		for i, w := range ws {
			n := norm(w)
			if (n == "centre" || n == "center") && i+1 < len(ws) && norm(ws[i+1]) == "of" {
				continue // "Centre of Gravity Calibration" names no team
			}
			if roleWords[n] && n != "system" && n != "management" && n != "operations" && n != "support" &&
				n != "service" && n != "it" && n != "head" && n != "desk" {
				from := 0
				for k := i - 1; k >= 0; k-- {
					if n := norm(ws[k]); danglers[n] || headingStop[n] || verbs[n] {
						from = k + 1
						break
					}
				}
				np := nounPhrase(ws[from:i+1], 4)
				if np != "" {
					a.sectionActor = a.performer(np)
				}
				break
			}
		}
	}
}

// sectionKind sets what the list items and short paragraphs under a
// heading are: steps, inputs, outputs, or nothing of the process.
func (a *analyzer) sectionKind(h string) {
	l := strings.ToLower(trimPunct(h))
	a.section = sectionNormal
	for _, s := range skipSections {
		if l == s || strings.HasPrefix(l, s+" ") || strings.HasSuffix(l, " "+s) {
			a.section = sectionSkip
		}
	}
	first := strings.Fields(l)
	if len(first) > 0 && len(first) <= 3 && (inputSections[first[0]] || inputSections[l]) {
		a.section = sectionInputs
	}
	if len(first) > 0 && len(first) <= 3 && (outputSections[first[0]] || outputSections[l]) {
		a.section = sectionOutputs
	}
}

func (a *analyzer) listItem(bl block) {
	text := strings.TrimSpace(bl.text)
	switch a.section {
	case sectionSkip:
		return
	case sectionInputs, sectionOutputs:
		if bl.marker == "check" && a.section == sectionInputs {
			break // a checklist of equipment: each item is a check
		}
		entry := entryText(text)
		if entry == "" {
			return
		}
		if a.section == sectionInputs {
			a.pendingIn = append(a.pendingIn, entry)
		} else if a.last != nil {
			a.last.outputs = appendUnique(a.last.outputs, entry)
		}
		return
	}
	if bl.marker == "check" && len(sentences(text)) < 2 {
		if ds := a.sentence(text, true); len(ds) > 0 {
			return
		}
		entry := entryText(text)
		if entry == "" || a.count >= maxDrafts {
			return
		}
		d := a.newDraft(text, clause{verb: "check", object: lowerFirst(strings.Fields(entry))}, "")
		a.b.add([]*draft{d})
		return
	}
	var into *[]*item
	for i, s := range questionConditions(sentences(stateLabel(text))) {
		// the item's first sentence is its step; the ones after it read as
		// a paragraph's do ("2. The secretary screens the submission.
		// Incomplete submissions are returned …": a decision)
		a.b.into = into
		ds := a.sentence(s, i == 0)
		a.b.into = nil
		if i == 0 {
			// "on hold: something missing. Buyer requests the
			// certificates …": the item's next sentences are the steps
			// of the case its first one added
			into = a.b.caseSteps()
		}
		if i == 0 && bl.step != "" && len(ds) > 0 && a.steps != nil {
			a.stepRead(bl.step, ds[0]) // where "go back to step 4" returns
		}
	}
}

// stateLabelRe is a list item led by the state of a thing and a colon:
// "Statement missing: the assistant returns the submission", "Seal
// broken: refuse the load".
var stateLabelRe = regexp.MustCompile(`^((?:[A-Za-z][\w-]*\s+){1,3}?)((?:not\s+)?(?:missing|incomplete|complete|damaged|broken|approved|rejected|declined|ok|okay|invalid|valid|late|overdue|failed|passed|unclear|wrong|correct|found|available|unavailable|expired|unsigned|signed|illegible))\s*:\s+(\S.*)$`)

// stateLabel writes an item led by a state as the condition it is:
// "Statement missing: assistant returns it" → "If statement missing,
// assistant returns it". Any other item is returned as it is.
func stateLabel(text string) string {
	m := stateLabelRe.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	ws := strings.Fields(m[1])
	if len(ws[0]) > 1 && !textshape.AllCaps(ws[0]) {
		ws[0] = strings.ToLower(ws[0])
	}
	return "If " + strings.Join(ws, " ") + " " + strings.ToLower(m[2]) + ", " + m[3]
}

// askingWords open a question that asks the reader, not a case: "What
// happens next?", "Is it urgent?".
var askingWords = set(`what who how why where which whose whom when can could would should do does did is are was were
	will shall may might must have has any anything q question`)

// whatAboutRe asks about a case: "What about a critical value?", "And
// how about a sanctions hit?".
var whatAboutRe = regexp.MustCompile(`(?i)^(?:and|but|so)?\s*(?:what|how)\s+about\s+((?:a|an|any|some|the)\s+[^?]{2,60})\?$`)

// whatAbout writes such a question as the case it names, "There is a
// critical value?", so that the answer after it ("Then the scientist
// phones the GP") is read as that case's branch.
func whatAbout(q string) string {
	if m := whatAboutRe.FindStringSubmatch(q); m != nil {
		return "There is " + m[1] + "?"
	}
	return q
}

// notDoneRe is an answer that only says what is not done: "Then we do
// not troubleshoot at all."
var notDoneRe = regexp.MustCompile(`(?i)^(?:then\s*,?\s+)?(?:we|you|they|I|the\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:do\s+not|don't|does\s+not|doesn't|never|will\s+not|won't)\s+[^,;]{2,60}[.!]$`)

// questionConditions reads a short question that names a case, followed
// by what is done, as that case's condition: "No answer within 10 days?
// The assistant selects the next library." → "If no answer within 10
// days, the assistant selects the next library."
func questionConditions(ss []string) []string {
	var out []string
	for i := 0; i < len(ss); i++ {
		q := whatAbout(strings.TrimSpace(ss[i]))
		ws := strings.Fields(q)
		if i+1 < len(ss) && strings.HasSuffix(q, "?") && len(ws) <= 14 && !askingWords[norm(ws[0])] && !strings.Contains(q, ":") {
			next := strings.Fields(ss[i+1])
			if len(next) > 1 && (next[0] == "->" || next[0] == "→" || next[0] == "=>") && !arrowLineRe.MatchString(strings.Join(next[1:], " ")) {
				next = next[1:] // "Error rate still above 5%? -> escalate …" (a chain of arrows is a tree of its own)
			}
			if i+2 < len(ss) && notDoneRe.MatchString(strings.TrimSpace(ss[i+1])) && !ifLeadRe.MatchString(ss[i+2]) && !strings.HasSuffix(strings.TrimSpace(ss[i+2]), "?") {
				// "Account in arrears? Then we do not troubleshoot at all.
				// The agent passes …": the case's work is the sentence
				// after what is not done
				work := strings.TrimSpace(ss[i+2])
				if w := strings.Fields(work); faqLeads[strings.ToLower(w[0])] {
					work = lowerFirst1(work)
				}
				out = append(out, "If "+lowerFirst1(strings.TrimSuffix(q, "?"))+", "+work, ss[i+1])
				i += 2
				continue
			}
			if len(next) > 0 && !ifLeadRe.MatchString(ss[i+1]) {
				if faqLeads[strings.ToLower(next[0])] {
					next[0] = strings.ToLower(next[0])
				}
				if len(ws[0]) > 1 && !textshape.AllCaps(ws[0]) {
					ws[0] = strings.ToLower(ws[0]) // "No answer …?" (not "QA …?")
				}
				out = append(out, "If "+strings.TrimSuffix(strings.Join(ws, " "), "?")+", "+strings.Join(next, " "))
				i++
				continue
			}
		}
		out = append(out, ss[i])
	}
	return out
}

// entryText cleans a list item into a SIPOC entry.
func entryText(t string) string {
	t = strings.TrimSpace(t)
	if i := strings.IndexAny(t, "(—–;"); i > 0 {
		t = t[:i]
	}
	t = trimPunct(t)
	ws := limitWords(strings.Fields(t), 8)
	return capitalise(strings.Join(ws, " "))
}

// lowerFirst1 lower-cases the first letter of a step written as an order
// ("Request missing documents"), so that it reads on after a condition.
func lowerFirst1(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
