package builtin

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/process"
)

var (
	parallelStartRe = regexp.MustCompile(`(?i)^(meanwhile|in the meantime|in parallel|at the same time|simultaneously|concurrently|parallel to this|alongside this)\b[,:]?\s*`)
	parallelMidRe   = regexp.MustCompile(`(?i),?\s*\b(in parallel|at the same time|simultaneously|concurrently)\b,?`)
	otherwiseRe     = regexp.MustCompile(`(?i)^(?:(otherwise|else|if this is not the case|if that is not the case|failing this|failing that|in all other cases)\b[,:]?|(if not|if no|if it is not|if they are not)\s*[,:])\s*`)
	ifStartRe       = regexp.MustCompile(`(?i)^(if|in case of|in case|in the event that|in the event of|provided that|only if)\s+(.+?)(?:,\s+(?:then\s+)?|\s+then\s+)(.+)$`)
	routedRe        = regexp.MustCompile(`(?i)^(.*?)\b(?:goes|go|is sent|are sent|gets sent|is passed|are passed|is forwarded|are forwarded|is escalated|are escalated|is routed|are routed|moves|is submitted|are submitted)\s+(?:on\s+)?to\s+(.+?)\s+for\s+(approval|review|sign-off|signature|verification|checking|validation|authori[sz]ation)\b`)
	ifMidRe         = regexp.MustCompile(`(?i)^(.{8,}?)\s+(?:if|in case|provided that)\s+(.{4,})$`)
	otherwiseMidRe  = regexp.MustCompile(`(?i)^(.+?)[,;]\s+(?:otherwise|or else|else|if not)[,]?\s+(.+)$`)
	whetherRe       = regexp.MustCompile(`(?i)^(.*?)\bwhether\s+(.+?)(?:\s+or not)?[.!?]?$`)
	whileRe         = regexp.MustCompile(`(?i)^(.{8,}?),?\s+(?:while|whilst)\s+(.{8,})$`)
	whileStartRe    = regexp.MustCompile(`(?i)^(?:while|whilst)\s+(.+?),\s*(.+)$`)
	skipSentenceRe  = regexp.MustCompile(`(?i)^(see|refer|for more|for further|for details|for information|coming soon|table \d|figure \d|fig\. \d|e\.g\.|example|please refer|this page|this document|this section|this procedure|the following)\b`)
	introRe         = regexp.MustCompile(`^([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+((?:works|is|acts|sits|serves)\s+(?:in|as|at|for|on|with)\b.*)$`)
	purposeRe       = regexp.MustCompile(`(?i)^(?:purpose|objective|objectives|aim|goal)\s*[:—–-]\s*(.{10,})$`)
	triggerRe       = regexp.MustCompile(`(?i)^(?:the\s+|this\s+)?(?:[\w-]+\s+)?(?:process|procedure|workflow)\s+(starts|begins|is triggered|is initiated|kicks off|ends|finishes|is complete|is completed)\s+(?:when|once|as soon as|with|after|by)\s+(.+?)[.!]?$`)
	rolePrefixRe    = regexp.MustCompile(`^([A-Z][\w&/.' -]{1,40}?)\s*:\s+(\S.*)$`)
	roleSuffixRe    = regexp.MustCompile(`^(.{6,}?)\s*\(([A-Z][\w&/.' -]{1,40})\)[.!]?$`)
	decideVerbs     = set(`decide decides decided check checks verify verifies determine determines assess assesses evaluate evaluates confirm confirms review reviews establish establishes ask asks`)
)

var headingStop = set(`what who how when why where which for of the and responsibilities duties tasks role`)

// maxActivities caps the flow: beyond this a diagram stops being readable
// and the document is most likely reference material, not a procedure.
const maxActivities = 60

// maxSentence caps the bytes read from one sentence.
const maxSentence = 1500

var (
	// purposeStatementRe finds sentences that say what a document or
	// process is for ("This fieldbook provides ...", "The purpose of ...").
	purposeStatementRe = regexp.MustCompile(`(?i)^(?:this|the purpose of|the aim of|the goal of|the objective of)\b.{0,80}?\b(?:provides?|describes?|defines?|explains?|outlines?|covers?|documents?|sets out|establish(?:es)?|is to|ensures?)\b`)
	// editorialRe marks notes to a document's authors, never its purpose.
	editorialRe = regexp.MustCompile(`(?i)\b(?:do not edit|don't edit|please edit|tbd|todo|fixme|add photos|draft only)\b|^[A-Z]{2,}(?: [A-Z]{2,})*\s*:`)
)

// offerPurpose takes s as the process purpose when none is known yet, or
// when s states a purpose and the current one was only the first sentence.
func (a *analyzer) offerPurpose(s string) {
	if a.purposeFirm || editorialRe.MatchString(s) {
		return
	}
	if purposeStatementRe.MatchString(s) {
		a.purpose, a.purposeFirm = s, true
		return
	}
	if a.purpose == "" {
		a.purpose = s
	}
}

// maxDrafts bounds the work on huge inputs before the flow is thinned out
// to maxActivities.
const maxDrafts = 2000

// analyzer carries the reading state through a document.
type analyzer struct {
	b            builder
	name         string
	purpose      string
	purposeFirm  bool // the purpose came from a sentence that states one
	sectionActor string
	lastActor    string
	speaker      string
	lastObject   string
	participants []string
	canon        map[string]string
	section      int // sectionNormal, sectionSkip, sectionInputs, sectionOutputs
	pendingIn    []string
	last         *draft
	count        int
	drafts       []*draft // every activity, in document order
	docActor     string   // "intended for trained staff": who does the imperatives
	describe     map[string]string
	table        *tableHead // header of the table being read
	lastTo       string     // a known person the last step handed work to
	lastPron     string     // "he" or "she" of the last step
	sectionNo    int
	headings     []string // the document's headings, for a text without steps
	pendingTimer string   // the sentence's wait or deadline, not yet placed
	// ctx bounds the reading: a cancelled analysis stops between blocks.
	ctx context.Context
	// aliases maps acronyms the text defines to their long forms.
	aliases map[string]string
	// lastInternal is the last performer inside the organisation.
	lastInternal string
	// condActor is the subject of the sentence's condition or lead-in:
	// who "he"/"she"/"they" of the main clause is.
	condActor string
}

const (
	sectionNormal = iota
	sectionSkip
	sectionInputs
	sectionOutputs
)

func newAnalyzer() *analyzer {
	return &analyzer{canon: map[string]string{}, describe: map[string]string{}}
}

// analyzeText builds a process model from document text.
func analyzeText(ctx context.Context, text, filename string) process.Model {
	a := newAnalyzer()
	a.ctx = ctx
	if turns := transcript(text); turns != nil {
		a.transcript(turns)
	} else {
		a.document(text)
	}
	return a.finish(filename, text)
}

var (
	// endRe marks a sentence that ends its branch of the process.
	endRe = regexp.MustCompile(`(?i)\b(?:the\s+)?(?:process|case|procedure|workflow|claim|request|application)\s+(?:then\s+)?(?:ends|is\s+(?:terminated|closed|finished|ended|over|complete|completed|cancelled|canceled|rejected)|stops|finishes|terminates)\b|\bends the process\b`)
	// againRe marks rework: a step done again after a decision.
	againRe = regexp.MustCompile(`(?i)\b(?:again|resubmit\w*|re-submit\w*|once more|anew)\b`)
	// forEachRe marks work done per item: multi-instance.
	forEachRe = regexp.MustCompile(`(?i)\b(?:for\s+(?:each|every)|each|every|all\s+(?:the\s+)?\w+s\b.*\bone by one)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)`)
	// timeNouns after "each"/"every" make a recurrence, not work per item
	// ("every morning", "each quarter").
	timeNouns = set(`morning mornings evening night day days week weeks month months quarter quarters year years
		time times shift shifts hour hours minute minutes monday tuesday wednesday thursday friday saturday sunday
		working business second other first last`)
	// loopRe marks repetition one item after the other.
	loopRe = regexp.MustCompile(`(?i)\b(?:repeat\w*|until all|one by one|one after the other|for each remaining)\b`)
	// leadInRe finds a subordinate lead-in: "When a team lead needs …,".
	leadInRe = regexp.MustCompile(`(?i)^(?:when|once|after|as soon as|before|whenever)\s+([^,]{3,80}),\s+\S`)
	// clauseListRe splits a list of clauses at its commas.
	clauseListRe = regexp.MustCompile(`,\s+(?:and\s+|then\s+)?`)
	// qualRe finds a subject qualified by a state that only some items
	// have: "Damaged goods", "Incomplete applications".
	qualRe = regexp.MustCompile(`(?i)^(?:the\s+|all\s+|any\s+)?(damaged|defective|incomplete|faulty|invalid|missing|late|urgent|overdue|suspicious|standard|normal|complex|high-risk|low-risk|unpaid|broken|expired)\s+([a-z-]+s)\s+(?:are|must|need|should|have|get|go)\b`)
	// threshRe finds a subject qualified by a threshold: "Differences
	// above 2 percent are …", "For applicants over 50, …".
	threshRe = regexp.MustCompile(`(?i)^(for\s+)?(?:the\s+|all\s+|any\s+)?([a-z-]+s)\s+((?:above|over|below|under|exceeding|of more than|of less than)\s+[^,]{1,30}?)(?:,\s+(.+)|\s+((?:are|must|need|needs|require|should|get|have)\b.+))$`)
	// restRe finds the items a decision left over: "The remaining goods".
	restRe = regexp.MustCompile(`(?i)^(?:the\s+)?(?:remaining|rest of the|all other|other)\s+[a-z-]+s\b`)
	// whenFailRe finds "when" clauses that name a failure: they decide
	// like "if" ("When a build fails, the developer fixes …").
	whenFailRe = regexp.MustCompile(`(?i)^(?:when|whenever|in case)\s+(.{3,80}?\b(?:fails?|failed|is rejected|are rejected|is not|are not|does not|do not|is missing|are missing|is incomplete|are incomplete|is wrong|is invalid|is damaged|are damaged)\b.*?),\s+(.+)$`)
	// eitherRe splits "X either does A or does B" into alternatives.
	eitherRe = regexp.MustCompile(`(?i)^(.*?)\beither\s+(.+?)\s+or\s+(.+?)[.!]?$`)
)

var audienceRe = regexp.MustCompile(`(?i)\b(?:intended for|carried out by|performed by|completed by|done by|to be used by|audience:?|(?:sop|procedure|instruction|checklist|document) applies to)\s+(?:the\s+|all\s+|trained\s+|qualified\s+|authori[sz]ed\s+|experienced\s+)*([A-Za-z][\w-]*(?:\s[A-Za-z][\w-]*){0,3})`)

func (a *analyzer) document(text string) {
	a.aliases = findAcronyms(text)
	// Who the document addresses does the steps nobody else is named for.
	if m := audienceRe.FindStringSubmatch(text); m != nil {
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
	blocks := segment(text)
	for i, bl := range blocks {
		if a.ctx != nil && a.ctx.Err() != nil {
			return // cancelled or out of time: the caller reports it
		}
		if i == 0 && a.name == "" && len(blocks) > 1 {
			if bl.kind == blockHeading || (bl.kind == blockPara && wordCount(bl.text) <= 12 && !endsSentence(bl.text)) {
				a.name = trimPunct(bl.text)
				continue
			}
		}
		if bl.kind != blockRow {
			a.table = nil
		}
		switch bl.kind {
		case blockRow:
			a.row(bl.cells)
		case blockHeading:
			a.heading(bl.text)
		case blockItem:
			a.listItem(bl)
		case blockPara:
			if a.section == sectionSkip {
				continue
			}
			if a.section == sectionInputs || a.section == sectionOutputs {
				if wordCount(bl.text) <= 10 {
					a.listItem(block{kind: blockItem, text: bl.text, marker: "bullet"})
					continue
				}
			}
			for _, s := range sentences(bl.text) {
				a.sentence(s, false)
			}
		}
	}
}

// tableHead remembers which columns of a procedure table hold the action
// and who performs it.
type tableHead struct {
	action, role, time int // column index, -1 when absent
}

var (
	actionHeads = set(`action actions activity activities task tasks description what procedure instruction instructions`)
	roleHeads   = set(`responsible responsibility role roles who owner performer actor by person party accountable`)
	timeHeads   = set(`time duration effort`)
)

// row reads one table row. The first row of a table is checked for a
// header naming the action and role columns ("Step | Action |
// Responsible"); rows of such a table are steps by that role. Rows of other
// tables are read cell by cell.
func (a *analyzer) row(cells []string) {
	if a.section == sectionSkip {
		return
	}
	if a.table == nil {
		h := &tableHead{action: -1, role: -1, time: -1}
		step := -1
		for i, c := range cells {
			for _, w := range strings.Fields(strings.ToLower(c)) {
				w = trimPunct(w)
				switch {
				case (w == "step" || w == "steps") && step < 0:
					step = i // often just the number: a fallback
				case actionHeads[w] && h.action < 0:
					h.action = i
				case roleHeads[w] && h.role < 0:
					h.role = i
				case timeHeads[w] && h.time < 0:
					h.time = i
				}
			}
		}
		if h.action < 0 {
			h.action = step
		}
		a.table = h
		if h.action >= 0 || h.role >= 0 {
			return // a header row, nothing to do
		}
	}
	h := a.table
	if h.action >= 0 && h.action < len(cells) {
		saved := a.sectionActor
		if h.role >= 0 && h.role < len(cells) {
			if np := nounPhrase(strings.Fields(cells[h.role]), 5); np != "" {
				a.sectionActor = a.performer(np)
			}
		}
		text := cells[h.action]
		ds := a.sentence(text, true)
		if len(ds) == 0 && wordCount(text) > 0 && wordCount(text) <= 10 && a.count < maxDrafts {
			// a short action cell without a verb is still the step's name
			d := a.newDraft(text, clause{verb: "handle", object: strings.Fields(text)}, text)
			d.name = capitalise(trimPunct(text))
			d.inputs, d.outputs = nil, nil
			a.b.add([]*draft{d})
			ds = []*draft{d}
		}
		if h.time >= 0 && h.time < len(cells) && len(ds) > 0 {
			w, wt := durations(cells[h.time])
			ds[0].work += w
			ds[0].wait += wt
		}
		a.sectionActor = saved
		return
	}
	// other tables hold settings and notes: only full sentences in them
	// can be instructions
	for _, c := range cells {
		if !strings.ContainsAny(c, ".!") {
			continue
		}
		for _, s := range sentences(c) {
			a.sentence(s, true)
		}
	}
}

func (a *analyzer) heading(h string) {
	if a.name == "" {
		a.name = h
	}
	if len(a.headings) < maxHeadingSteps+1 {
		a.headings = appendUnique(a.headings, trimPunct(stripNumber(h)))
	}
	a.b.section(trimPunct(stripNumber(h)))
	l := strings.ToLower(trimPunct(h))
	a.section = sectionNormal
	a.sectionNo++
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
	a.sectionActor = ""
	ws := strings.Fields(h)
	if len(ws) <= 6 {
		for i, w := range ws {
			n := norm(w)
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
	if bl.marker == "check" {
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
	for _, s := range sentences(text) {
		a.sentence(s, true)
	}
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

// sentence reads one sentence (or list item) and adds what it describes
// to the flow. It returns the activities it created.
func (a *analyzer) sentence(s string, inItem bool) []*draft {
	s = strings.TrimSpace(s)
	if m := purposeRe.FindStringSubmatch(s); m != nil {
		if !a.purposeFirm {
			a.purpose, a.purposeFirm = strings.TrimSpace(m[1]), true
		}
		return nil
	}
	if len(s) > maxSentence {
		// no real sentence is this long (a table or a dump without full
		// stops); reading all of it would only cost time
		cut := maxSentence
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
	}
	if wordCount(s) < 2 || noteRe.MatchString(s) || skipSentenceRe.MatchString(s) || strings.HasSuffix(s, "?") {
		if wordCount(s) >= 8 && !noteRe.MatchString(s) && !strings.HasSuffix(s, "?") &&
			!strings.HasPrefix(strings.ToLower(s), "see ") {
			a.offerPurpose(s)
		}
		return nil
	}
	// "Sales Rep: Enter the order." and "Approve the invoice (Manager)."
	// name the performer around the action
	if m := rolePrefixRe.FindStringSubmatch(s); m != nil {
		if np := nounPhrase(strings.Fields(m[1]), 5); isAgent(np) {
			saved := a.sectionActor
			a.sectionActor = a.performer(np)
			defer func() { a.sectionActor = saved }()
			s = m[2]
		}
	} else if m := roleSuffixRe.FindStringSubmatch(s); m != nil {
		if np := nounPhrase(strings.Fields(m[2]), 5); isAgent(np) {
			saved := a.sectionActor
			a.sectionActor = a.performer(np)
			defer func() { a.sectionActor = saved }()
			s = m[1]
		}
	}
	// "The process starts when a customer submits an order": the start
	// event is named after the trigger, which is itself a step
	if m := triggerRe.FindStringSubmatch(s); m != nil {
		end := strings.EqualFold(m[1], "ends") || strings.EqualFold(m[1], "finishes") || strings.EqualFold(m[1], "is complete") || strings.EqualFold(m[1], "is completed")
		cs := parseClause(m[2], a.lastObject)
		name := capitalise(trimPunct(strings.Join(limitWords(strings.Fields(m[2]), 6), " ")))
		if len(cs) > 0 && cs[0].leadIn == "" && len(cs[0].object) > 0 {
			name = capitalise(strings.Join(limitWords(cleanObject(cs[0].object), 4), " ") + " " + participle(strings.Fields(cs[0].verb)[0]))
		}
		if end {
			a.b.endName = name
			return nil
		}
		if a.b.startName == "" {
			a.b.startName = name
		}
		s = m[2]
	}
	// "Anna works in the front office.": Anna is a participant from now on
	if m := introRe.FindStringSubmatch(s); m != nil && !roleWords[strings.ToLower(m[1])] {
		p := a.performer(m[1])
		a.lastActor = p
		if a.describe[p] == "" {
			a.describe[p] = capitalise(strings.TrimSuffix(strings.TrimSpace(m[2]), "."))
		}
		return nil
	}
	work, wait := durations(s)
	body := s
	a.condActor = ""
	// "When a team lead needs a new employee, she submits …": the
	// lead-in's subject is who the pronoun means
	if m := leadInRe.FindStringSubmatch(s); m != nil {
		a.condContext(m[1])
	}
	// a wait or deadline becomes a timer event in front of the
	// sentence's first activity, or on its own when the sentence has none
	a.pendingTimer, body = timerPhrase(s)
	defer func() {
		if a.pendingTimer != "" {
			a.b.add([]*draft{eventDraft(process.TriggerTimer, a.pendingTimer, a.pendingTimer, a.currentActor(), s)})
			a.pendingTimer = ""
		}
	}()
	// "… and the process ends" ends the branch; "… and submits it
	// again" loops back to the step before the decision; "for each"
	// repeats the sentence's steps per item
	before := a.count
	defer func() {
		if a.count == before {
			if loopRe.MatchString(s) && a.last != nil && a.last.marker == "" {
				a.last.marker = process.MarkerSequential // "This is repeated for each aisle"
			}
			return
		}
		switch {
		case endRe.MatchString(s):
			a.b.endHere()
		case againRe.MatchString(s):
			// a step done again returns to where it was first done; a
			// new step ("corrects and resubmits") returns to the step
			// before the decision
			if d, e := a.repeated(before); e != nil && a.b.loopTo(e.item) {
				d.drop = true
			} else {
				a.b.loopBack()
			}
		}
		if m := forEachRe.FindStringSubmatch(s); m != nil && !timeNouns[strings.ToLower(strings.Fields(m[1])[0])] {
			marker := process.MarkerParallel
			if loopRe.MatchString(s) {
				marker = process.MarkerSequential
			}
			for _, d := range a.drafts[before:] {
				if d.event == nil {
					d.marker = marker
				}
			}
		}
	}()
	if m := eitherRe.FindStringSubmatch(body); m != nil {
		lead := m[1]
		one := a.clauses(lead+m[2], s)
		two := a.clauses(lead+m[3], s)
		if len(one) > 0 && len(two) > 0 {
			a.applyTimes(one, work, wait)
			a.b.addChoice(a.decider(one), [][]*draft{one, two})
			return append(one, two...)
		}
	}

	if m := whileStartRe.FindStringSubmatch(body); m != nil {
		first := a.clauses(m[1], s)
		second := a.clauses(m[2], s)
		a.applyTimes(append(first, second...), work, wait)
		a.b.add(first)
		a.b.addParallel(second)
		return append(first, second...)
	}
	if m := parallelStartRe.FindStringSubmatch(body); m != nil && a.count > 0 {
		ds := a.clauses(body[len(m[0]):], s)
		a.applyTimes(ds, work, wait)
		a.b.addParallel(ds)
		return ds
	}
	if m := otherwiseRe.FindStringSubmatch(body); m != nil {
		ds := a.clauses(body[len(m[0]):], s)
		a.applyTimes(ds, work, wait)
		a.b.addOtherwise(ds)
		return ds
	}
	if m := whenFailRe.FindStringSubmatch(body); m != nil {
		body = "If " + m[1] + ", " + m[2] // "When a build fails, …" decides
	}
	if m := ifStartRe.FindStringSubmatch(body); m != nil {
		cond, main := m[2], m[3]
		a.condContext(cond)
		work, wait = durations(main) // "within 30 minutes" in the condition is no time spent
		var other string
		if mo := otherwiseMidRe.FindStringSubmatch(main); mo != nil {
			main, other = mo[1], mo[2]
		}
		ds := a.clauses(main, s)
		a.applyTimes(ds, work, wait)
		a.b.addIf(cond, a.decider(ds), ds)
		if other != "" {
			os := a.clauses(other, s)
			a.b.addOtherwise(os)
			ds = append(ds, os...)
		}
		return ds
	}
	// "Damaged goods are rejected", "For applicants over 50, the
	// underwriter orders …": the qualified subject is the condition;
	// "The remaining goods are counted" is the other branch
	if cond, main := qualifiedSubject(body); cond != "" && !inItem {
		if ds := a.clauses(main, s); len(ds) > 0 {
			a.applyTimes(ds, work, wait)
			a.b.addIf(cond, a.decider(ds), ds)
			return ds
		}
	}
	if restRe.MatchString(body) && a.b.open != nil && !inItem {
		if ds := a.clauses(body, s); len(ds) > 0 {
			a.applyTimes(ds, work, wait)
			a.b.addOtherwise(ds)
			return ds
		}
	}
	if m := whetherRe.FindStringSubmatch(body); m != nil && !inItem && strings.Contains(strings.ToLower(body), "whether") {
		lead := strings.Fields(m[1])
		if len(lead) > 0 && decideVerbs[norm(lead[len(lead)-1])] {
			performer := a.currentActor()
			if cs := parseClause(m[1]+" it", a.lastObject); len(cs) > 0 && cs[0].performer != "" {
				performer = a.performer(cs[0].performer)
			} else if len(lead) > 1 {
				if np := nounPhrase(lead[:len(lead)-1], 4); isAgent(np) {
					performer = a.performer(np)
				}
			}
			cond := m[2]
			if i := strings.Index(cond, ","); i > 0 {
				cond = cond[:i]
			}
			a.lastActor = performer
			a.b.addWhether(cond, performer)
			return nil
		}
	}
	if m := otherwiseMidRe.FindStringSubmatch(body); m != nil {
		main, other := m[1], m[2]
		cond := ""
		if mi := ifMidRe.FindStringSubmatch(main); mi != nil {
			main, cond = mi[1], mi[2]
		}
		ds := a.clauses(main, s)
		a.applyTimes(ds, work, wait)
		if cond == "" {
			cond = "ok"
			if len(ds) > 0 {
				cond = ds[0].name + " possible"
			}
		}
		a.b.addIf(cond, a.decider(ds), ds)
		os := a.clauses(other, s)
		a.b.addOtherwise(os)
		return append(ds, os...)
	}
	if m := ifMidRe.FindStringSubmatch(body); m != nil && !inItem {
		ds := a.clauses(m[1], s)
		if len(ds) > 0 {
			a.applyTimes(ds, work, wait)
			a.b.addIf(m[2], a.decider(ds), ds)
			return ds
		}
	}
	if m := whileRe.FindStringSubmatch(body); m != nil {
		first := a.clauses(m[1], s)
		second := a.clauses(m[2], s)
		if len(first) > 0 && len(second) > 0 {
			a.applyTimes(first, work, wait)
			a.b.add(first)
			a.b.addParallel(second)
			return append(first, second...)
		}
	}
	par := false
	if parallelMidRe.MatchString(body) && a.count > 0 {
		par = true
		body = parallelMidRe.ReplaceAllString(body, "")
	}
	ds := a.clauses(body, s)
	if len(ds) == 0 {
		if (work > 0 || wait > 0) && a.last != nil {
			a.last.work += work
			a.last.wait += wait
		} else if wordCount(s) >= 8 && !inItem {
			a.offerPurpose(s)
		}
		return nil
	}
	a.applyTimes(ds, work, wait)
	switch {
	case par:
		a.b.addParallel(ds)
	case hasAlt(ds):
		a.b.addChoice(a.decider(ds), alternatives(ds))
	default:
		a.b.add(ds)
	}
	return ds
}

// hasAlt reports whether some of the drafts are alternatives.
func hasAlt(ds []*draft) bool {
	for _, d := range ds {
		if d.alt {
			return true
		}
	}
	return false
}

// alternatives groups drafts into the branches of a choice: each
// alternative starts a new branch; what comes before the first is the
// first branch.
func alternatives(ds []*draft) [][]*draft {
	var out [][]*draft
	for i, d := range ds {
		if i == 0 || d.alt {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], d)
	}
	return out
}

// qualifiedSubject returns the condition a qualified subject sets
// ("goods damaged") and the clause to read, or "" when there is none.
func qualifiedSubject(body string) (cond, main string) {
	if m := qualRe.FindStringSubmatch(body); m != nil {
		return m[2] + " " + strings.ToLower(m[1]), body
	}
	if m := threshRe.FindStringSubmatch(body); m != nil {
		cond = m[2] + " " + strings.TrimSpace(m[3])
		switch {
		case m[1] != "" && m[4] != "":
			return cond, m[4] // "For applicants over 50, the underwriter …"
		case m[1] == "" && m[5] != "":
			return cond, body // "Differences above 2 percent are counted again"
		}
	}
	return "", ""
}

// repeated finds, among the steps the current sentence made (from index
// before on), the last one that repeats an earlier step by its verb
// ("measures again" after "measures the first part"), and that earlier
// step.
func (a *analyzer) repeated(before int) (*draft, *draft) {
	if before >= len(a.drafts) {
		return nil, nil
	}
	d := a.drafts[len(a.drafts)-1]
	v := firstWord(d.verb)
	if d.event != nil || v == "" || !strings.Contains(strings.ToLower(d.source), "again") {
		return nil, nil
	}
	for i := before - 1; i >= 0; i-- {
		e := a.drafts[i]
		if e.event == nil && !e.drop && firstWord(e.verb) == v && e.item != nil {
			return d, e
		}
	}
	return nil, nil
}

// condContext lets a condition's subject be what the pronouns of the
// sentence's main clause refer to: "If the courier cannot find the
// address, he calls …" (the courier), "If spare parts are needed, the
// contractor orders them" (the spare parts).
func (a *analyzer) condContext(cond string) {
	ws := strings.Fields(cond)
	var subj []string
	for _, w := range ws {
		n := norm(w)
		if auxBe[n] || modals[n] || finiteModals[n] || n == "does" || n == "do" || n == "did" || n == "has" || n == "have" ||
			n == "cannot" || n == "not" || strings.HasSuffix(n, "n't") {
			break
		}
		if _, f := verbForm(w); f == formThird || f == formPast {
			break
		}
		subj = append(subj, w)
	}
	if len(subj) == 0 || len(subj) == len(ws) || len(subj) > 5 {
		return
	}
	np := nounPhrase(subj, 4)
	if np == "" || pronouns[strings.ToLower(np)] {
		return
	}
	if ws := strings.Fields(strings.ToLower(np)); a.isKnown(np) || roleWords[ws[len(ws)-1]] || (isAgent(np) && !objectNouns[ws[len(ws)-1]]) {
		// only the pronouns of the main clause refer to it: "If the
		// client does not pay, the policy is cancelled" is no step of
		// the client's
		a.condActor = a.performer(np)
		a.lastTo = ""
		return
	}
	if o := strings.Join(cleanObject(lowerFirst(strings.Fields(np))), " "); o != "" {
		a.lastObject = strings.ToLower(o)
	}
}

func (a *analyzer) applyTimes(ds []*draft, work, wait float64) {
	for _, d := range ds {
		if d.event == nil {
			d.work += work
			d.wait += wait
			return
		}
	}
}

// decider is the performer who owns a decision: whoever acts on it.
func (a *analyzer) decider(ds []*draft) string {
	if len(ds) > 0 {
		return ds[0].performer
	}
	return a.currentActor()
}

func (a *analyzer) currentActor() string {
	switch {
	case a.speaker != "":
		return a.speaker
	case a.sectionActor != "":
		return a.sectionActor
	case a.docActor != "":
		return a.docActor
	case a.lastActor != "":
		return a.lastActor
	default:
		return process.DefaultPerformer
	}
}

var routedVerb = map[string]string{
	"approval": "approve", "review": "review", "sign-off": "sign off", "signature": "sign", "verification": "verify",
	"checking": "check", "validation": "validate", "authorisation": "authorise", "authorization": "authorize",
}

// clauses turns a clause text into activity drafts.
func (a *analyzer) clauses(text, source string) []*draft {
	// "the request goes to our CFO for approval": the CFO approves it
	if m := routedRe.FindStringSubmatch(text); m != nil {
		np := nounPhrase(strings.Fields(strings.NewReplacer("our ", "", "their ", "", "my ", "").Replace(m[2])), 4)
		if isAgent(np) && a.count < maxDrafts {
			obj := lowerFirst(stripDeterminers(strings.Fields(trimPunct(m[1]))))
			obj = resolvePronoun(obj, a.lastObject)
			if len(obj) > 4 {
				obj = strings.Fields(a.lastObject)
			}
			c := clause{performer: np, verb: routedVerb[strings.ToLower(m[3])], object: obj}
			return []*draft{a.newDraft(source, c, text)}
		}
	}
	// a named person ("Anna receives …") is an agent once introduced;
	// the grammar only knows roles, so read the name as a role
	name := ""
	if ws := strings.Fields(text); len(ws) > 1 {
		for n := min(3, len(ws)-1); n >= 1 && name == ""; n-- {
			cand := strings.Join(ws[:n], " ")
			if a.isKnown(cand) {
				name = a.performer(cand)
				text = "The agent " + strings.Join(ws[n:], " ")
			}
		}
	}
	cs := parseClause(text, a.lastObject)
	// "The post is advertised, applicants apply, and the applications
	// are checked": a list of clauses, each with its own subject
	if name == "" && strings.Count(text, ",") >= 1 {
		parts := clauseListRe.Split(text, -1)
		// "When a customer calls, the agent …": a lead-in is context, not
		// a clause of the list
		if first := strings.Fields(parts[0]); len(first) > 0 && (leadInWords[norm(first[0])] || cutWords[norm(first[0])]) {
			parts = nil
		}
		if len(parts) >= 2 && len(parts) <= 6 {
			var pcs []clause
			prev := a.lastObject
			all := true
			for _, p := range parts {
				pc := parseClause(p, prev)
				if len(pc) == 0 {
					all = false
					break
				}
				if o := pc[len(pc)-1].objectText(); o != "" {
					prev = o
				}
				pcs = append(pcs, pc...)
			}
			if all && len(pcs) > len(cs) {
				cs = pcs
			}
		}
	}
	if name != "" {
		for i := range cs {
			if cs[i].performer == "Agent" {
				cs[i].performer = name
			}
			if cs[i].leadIn == "Agent" {
				cs[i].leadIn = name
			}
		}
	}
	var out []*draft
	for _, c := range cs {
		if c.leadIn != "" {
			a.sectionActor = a.performer(c.leadIn)
			continue
		}
		if a.count >= maxDrafts {
			break
		}
		out = append(out, a.newDraft(source, c, text))
	}
	return a.withEvents(out, source)
}

// newDraft makes an activity from a clause, resolving its performer from
// context and filling the SIPOC from its object, "from"/"to" and the
// systems named in the sentence.
func (a *analyzer) newDraft(source string, c clause, text string) *draft {
	performer := ""
	switch {
	case c.performer != "":
		performer = a.performer(c.performer)
	case c.pronoun && a.speaker == "" && a.condActor != "":
		performer = a.condActor
	case c.pronoun && a.speaker == "" && a.lastTo != "" && (c.pron == "he" || c.pron == "she") && (a.lastPron == "" || c.pron != a.lastPron):
		// "He … sends it to Anna. She invoices …": a different pronoun
		// is the person just handed the work
		performer = a.performer(a.lastTo)
	case c.pronoun && a.speaker == "" && a.lastActor != "":
		performer = a.lastActor
	default:
		performer = a.currentActor()
		if c.object != nil && isExternal(performer) && a.lastInternal != "" {
			// "A receipt is e-mailed to the customer": nobody named, and
			// the outside party that acted last does not send it to
			// itself; the organisation does
			performer = a.lastInternal
		}
	}
	if !isExternal(performer) && performer != process.DefaultPerformer {
		a.lastInternal = performer
	}
	a.lastActor = performer
	d := &draft{name: c.name(), performer: performer, source: source, verb: c.verb, object: strings.Join(c.object, " "), alt: c.alt}
	obj := c.objectText()
	verb := strings.Fields(c.verb)[0]
	if obj != "" {
		switch {
		case addressing[verb] && (isAgent(obj) || a.party(titleCase(obj)) != titleCase(obj)):
			d.custs = appendUnique(d.custs, a.party(titleCase(obj)))
		case producing[verb]:
			d.outputs = append(d.outputs, capitalise(obj))
		case plain[verb]:
			d.inputs = append(d.inputs, capitalise(obj))
		default:
			// moved, received and worked-on objects go in and come out
			// in a new state: "Invoice" → "Checked invoice"
			d.inputs = append(d.inputs, capitalise(obj))
			d.outputs = append(d.outputs, capitalise(participle(verb))+" "+obj)
		}
		a.lastObject = obj
	}
	if c.from != "" && isAgent(c.from) {
		d.suppliers = appendUnique(d.suppliers, a.party(c.from))
	}
	if c.to != "" && (isAgent(c.to) || a.isKnown(c.to)) {
		d.custs = appendUnique(d.custs, a.party(c.to))
	}
	a.lastTo = ""
	if c.to != "" && (a.isKnown(c.to) || isAgent(c.to)) {
		a.lastTo = a.party(c.to)
	}
	if c.pron == "he" || c.pron == "she" {
		a.lastPron = c.pron
	}
	for _, s := range findSystems(source) {
		d.systems = appendUnique(d.systems, s)
	}
	if len(a.pendingIn) > 0 {
		d.inputs = appendUnique(d.inputs, a.pendingIn...)
		a.pendingIn = nil
	}
	a.count++
	a.last = d
	d.section = a.sectionNo
	a.drafts = append(a.drafts, d)
	return d
}

// performer returns the canonical participant name for a noun phrase:
// "clerk" after "Accounts Payable Clerk" is the same lane.
func (a *analyzer) performer(np string) string {
	np = strings.TrimSpace(acronymParenRe.ReplaceAllString(np, ""))
	if np == "" {
		return a.currentActor()
	}
	if long, ok := a.aliases[strings.ToLower(np)]; ok {
		np = long // "AP" is "Accounts Payable"
	}
	k := strings.ToLower(np)
	if c, ok := a.canon[k]; ok {
		return c
	}
	for _, p := range a.participants {
		pl := strings.ToLower(p)
		if strings.HasSuffix(pl, " "+k) || strings.TrimSuffix(k, "s") == strings.TrimSuffix(pl, "s") {
			a.canon[k] = p
			return p
		}
	}
	a.canon[k] = np
	a.participants = append(a.participants, np)
	return np
}

// acronymParenRe is an acronym in brackets after a name.
var acronymParenRe = regexp.MustCompile(`\s*\(\s*[A-Z]{2,6}\s*\)?$`)

// isKnown reports whether np names a participant already met (a speaker
// or a person introduced by name).
func (a *analyzer) isKnown(np string) bool {
	k := strings.ToLower(strings.TrimSpace(np))
	if _, ok := a.canon[k]; ok {
		return true
	}
	for _, p := range a.participants {
		if strings.EqualFold(p, np) {
			return true
		}
	}
	return false
}

// party names a supplier or customer, matching a participant when it is
// one, without making it a lane.
func (a *analyzer) party(np string) string {
	k := strings.ToLower(strings.TrimSpace(np))
	if c, ok := a.canon[k]; ok {
		return c
	}
	for _, p := range a.participants {
		pl := strings.ToLower(p)
		if strings.HasSuffix(pl, " "+k) || strings.HasPrefix(pl, k+" ") || strings.TrimSuffix(k, "s") == strings.TrimSuffix(pl, "s") {
			return p
		}
	}
	return np
}

func appendUnique(list []string, vs ...string) []string {
	for _, v := range vs {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		dup := false
		for _, x := range list {
			if strings.EqualFold(x, v) {
				dup = true
				break
			}
		}
		if !dup {
			list = append(list, v)
		}
	}
	return list
}

var systemPhraseRe = regexp.MustCompile(`\b([A-Z][A-Za-z0-9]+(?:\s[A-Z][A-Za-z0-9]+)?)\s(?:system|software|app|application|tool|platform)\b`)

// findSystems lists the known IT systems and tools a sentence mentions.
func findSystems(s string) []string {
	var out []string
	lower := strings.ToLower(s)
	for _, sys := range systemNames {
		if containsWord(lower, sys.pattern) {
			out = appendUnique(out, sys.name)
		}
	}
	for _, m := range systemPhraseRe.FindAllStringSubmatch(s, -1) {
		if !determiners[strings.ToLower(m[1])] && !roleWords[strings.ToLower(m[1])] {
			out = appendUnique(out, m[1])
		}
	}
	// a capitalised name after "in", "using", "via" is a product: "in
	// Concur", "via ATLAS"
	for _, m := range productRe.FindAllStringSubmatchIndex(s, -1) {
		name := s[m[2]:m[3]]
		first := strings.ToLower(strings.Fields(name)[0])
		if notProducts[first] || roleWords[first] || determiners[first] || isExternal(name) {
			continue
		}
		dup := false
		for _, o := range out {
			if strings.EqualFold(o, name) || strings.Contains(strings.ToLower(name), strings.ToLower(o)) {
				dup = true
			}
		}
		if !dup {
			out = append(out, name)
		}
	}
	return out
}

var (
	// productRe finds capitalised names after the words that introduce a
	// tool or system.
	productRe = regexp.MustCompile(`\b(?:in|using|via|into|through|on|with the help of)\s+(?:the\s+)?([A-Z][A-Za-z0-9]*[A-Za-z0-9](?:[ -][A-Z][A-Za-z0-9]+){0,2})\b`)
	// notProducts are capitalised words after "in"/"on" that name no
	// product.
	notProducts = set(`january february march april may june july august september october november december
		monday tuesday wednesday thursday friday saturday sunday english german french spanish europe germany
		case addition order general particular parallel person writing total advance time step section chapter
		appendix table figure part phase stage q1 q2 q3 q4 i we he she they it this that`)
	// acronymRe finds a name with its acronym: "accounts payable (AP)".
	acronymRe = regexp.MustCompile(`((?:[A-Za-z][\w-]*\s+){1,5})\(([A-Z]{2,6})\)`)
)

// findAcronyms maps each acronym the text defines ("accounts payable
// (AP)") to its long form, when the initials of the words before it spell
// it.
func findAcronyms(text string) map[string]string {
	out := map[string]string{}
	head := text
	if len(head) > 200_000 {
		head = head[:200_000]
	}
	for _, m := range acronymRe.FindAllStringSubmatch(head, 200) {
		ws := strings.Fields(m[1])
		acr := m[2]
		if len(ws) < len(acr) {
			continue
		}
		long := ws[len(ws)-len(acr):]
		ok := true
		for i, w := range long {
			if !strings.EqualFold(w[:1], acr[i:i+1]) {
				ok = false
				break
			}
		}
		if ok {
			out[strings.ToLower(acr)] = titleCase(strings.Join(long, " "))
		}
	}
	return out
}

func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isWordByte(s[j-1])
		after := j+len(w) == len(s) || !isWordByte(s[j+len(w)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b >= 0x80
}

// finish compiles the flow, fills neighbouring suppliers and customers,
// names the process and repairs the result.
func (a *analyzer) finish(filename, text string) process.Model {
	var m process.Model
	a.thin()
	a.fillPerformers()
	drafts := a.b.compile(&m)
	if len(m.Activities) == 0 {
		// Nothing reads as a step: answer with a short, honest model the
		// user can read at a glance (one step per heading at most) rather
		// than invent work or fail.
		m = a.noSteps(filename, text)
	}
	if len(a.pendingIn) > 0 && len(m.Activities) > 0 {
		m.Activities[0].SIPOC.Inputs = appendUnique(m.Activities[0].SIPOC.Inputs, a.pendingIn...)
	}
	m.ProcessName = firstNonEmpty(a.processName(), nameFromFile(filename), "Process Analysis")
	if len(m.ProcessName) > 120 {
		m.ProcessName = strings.Join(limitWords(strings.Fields(m.ProcessName), 12), " ")
	}
	if m.ProcessPurpose == "" {
		m.ProcessPurpose = a.purpose
	}
	if m.ProcessPurpose == "" {
		m.ProcessPurpose = "Describes how " + m.ProcessName + " is carried out, step by step."
	}
	neighbours(&m)
	// a lane holds work: a speaker who only asks questions, or someone
	// only mentioned, is no lane
	acting := map[string]bool{}
	for _, act := range m.Activities {
		acting[act.Performer] = true
	}
	for _, g := range m.Gateways {
		acting[g.Performer] = true
	}
	for _, p := range a.participants {
		if acting[p] {
			m.Participants = append(m.Participants, process.Participant{Name: p, Description: a.describe[p]})
		}
	}
	collaborate(&m, drafts)
	process.Repair(&m)
	return m
}

// fillPerformers gives the steps nobody was named for (passives without
// "by", the opening steps before anyone is named) to the nearest named
// performer of the organisation, the next one first: "The delivery is
// accepted. The storekeeper compares the note …" — the storekeeper
// accepts it. The placeholder lane stays only when the text names nobody.
func (a *analyzer) fillPerformers() {
	named := func(d *draft) bool {
		return d.performer != "" && d.performer != process.DefaultPerformer && !isExternal(d.performer) && d.event == nil
	}
	for i, d := range a.drafts {
		if d.performer != process.DefaultPerformer {
			continue
		}
		for k := 1; k < len(a.drafts); k++ {
			if j := i + k; j < len(a.drafts) && named(a.drafts[j]) {
				d.performer = a.drafts[j].performer
				break
			}
			if j := i - k; j >= 0 && named(a.drafts[j]) {
				d.performer = a.drafts[j].performer
				break
			}
			if i+k >= len(a.drafts) && i-k < 0 {
				break
			}
		}
	}
}

// exerciseRe matches titles that number a text instead of naming its
// process: "exercise 1", "Exercise 3: Examination", "Task 2 -".
var exerciseRe = regexp.MustCompile(`(?i)^(?:exercise|task|assignment|example|case study|case|question|problem|übung|aufgabe)\s*[\d.]*\s*[:.\-–—)]?\s*(.*)$`)

// processName is the document's title, or, when the title only numbers an
// exercise, its subtitle or the object most steps work on ("Dismissal
// process").
func (a *analyzer) processName() string {
	m := exerciseRe.FindStringSubmatch(a.name)
	if m == nil {
		return a.name
	}
	if rest := trimPunct(m[1]); rest != "" {
		return capitalise(rest)
	}
	count := map[string]int{}
	best := ""
	for _, d := range a.drafts {
		ws := strings.Fields(d.object)
		if len(ws) == 0 || d.event != nil {
			continue
		}
		head := strings.ToLower(trimPunct(ws[len(ws)-1]))
		if len(head) < 3 || pronouns[head] {
			continue
		}
		count[head]++
		if count[head] > count[best] {
			best = head
		}
	}
	if best == "" {
		return ""
	}
	return capitalise(best) + " process"
}

// noStepsPurpose starts the purpose of a model of a text that describes no
// process.
const noStepsPurpose = "No process steps found"

// maxHeadingSteps caps the steps made from the headings of a document
// without process steps.
const maxHeadingSteps = 12

// noSteps is the model of a text in which nothing reads as a step: its
// headings as steps to fill in, or one step saying so.
func (a *analyzer) noSteps(filename, text string) process.Model {
	var m process.Model
	var b builder
	head := text
	if len(head) > 200_000 {
		head = head[:200_000]
	}
	systems := findSystems(head)
	if len(systems) > 8 {
		systems = systems[:8]
	}
	doc := firstNonEmpty(a.name, nameFromFile(filename), "the document")
	for _, h := range a.headings {
		if len(b.seq) == maxHeadingSteps {
			break
		}
		if strings.EqualFold(h, a.name) {
			continue
		}
		b.add([]*draft{{name: capitalise(h), performer: a.currentActor(), inputs: []string{capitalise(h)}, systems: systems}})
	}
	m.ProcessPurpose = noStepsPurpose + " in " + doc + ": no sentence says who does what."
	if len(b.seq) > 0 {
		m.ProcessPurpose = noStepsPurpose + " in " + doc + ": only its headings are listed, as steps to fill in."
	} else {
		// the document itself is what the one step has to work from
		in := appendUnique([]string{capitalise(firstNonEmpty(a.name, nameFromFile(filename), "Document"))}, a.pendingIn...)
		b.add([]*draft{{name: noStepsPurpose, performer: a.currentActor(), inputs: in, systems: systems}})
	}
	b.compile(&m)
	return m
}

// thin keeps at most maxActivities activities, spread over the sections in
// proportion to their size so that a long SOP is covered from start to
// end rather than cut off after its first pages.
func (a *analyzer) thin() {
	n := len(a.drafts)
	if n <= maxActivities {
		return
	}
	per := map[int]int{}
	for _, d := range a.drafts {
		per[d.section]++
	}
	quota := map[int]int{}
	for sec, c := range per {
		quota[sec] = max(c*maxActivities/n, 1)
	}
	for _, d := range a.drafts {
		if quota[d.section] > 0 {
			quota[d.section]--
			continue
		}
		d.drop = true
	}
	// sections that got a quota of one each can overshoot: trim from the end
	kept := 0
	for _, d := range a.drafts {
		if !d.drop {
			kept++
		}
	}
	for i := len(a.drafts) - 1; i >= 0 && kept > maxActivities; i-- {
		if !a.drafts[i].drop {
			a.drafts[i].drop = true
			kept--
		}
	}
	// and sections that got less than their share leave room: fill in
	// document order
	for _, d := range a.drafts {
		if kept >= maxActivities {
			break
		}
		if d.drop {
			d.drop = false
			kept++
		}
	}
}

// neighbours adds the previous performer as a supplier and the next
// performer as a customer of each activity, and the previous activity's
// output as an input when the text named none.
func neighbours(m *process.Model) {
	idx := map[string]int{}
	for i, act := range m.Activities {
		idx[act.ID] = i
	}
	var order []int
	for _, s := range process.Ordered(m) {
		if s.Kind == process.StepActivity {
			order = append(order, idx[s.ID])
		}
	}
	for k, i := range order {
		act := &m.Activities[i]
		if k > 0 {
			prev := m.Activities[order[k-1]]
			if prev.Performer != act.Performer {
				act.SIPOC.Suppliers = appendUnique(act.SIPOC.Suppliers, prev.Performer)
			}
			if len(act.SIPOC.Inputs) == 0 && len(prev.SIPOC.Outputs) > 0 {
				act.SIPOC.Inputs = appendUnique(act.SIPOC.Inputs, prev.SIPOC.Outputs[0])
			}
		}
		if k+1 < len(order) {
			next := m.Activities[order[k+1]]
			if next.Performer != act.Performer {
				act.SIPOC.Customers = appendUnique(act.SIPOC.Customers, next.Performer)
			}
		}
	}
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// nameFromFile makes a process name from a file name:
// "invoice_approval-v2.docx" → "Invoice Approval V2".
func nameFromFile(fn string) string {
	base := filepath.Base(strings.ReplaceAll(fn, "\\", "/"))
	base = strings.TrimSuffix(base, filepath.Ext(base))
	base = strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(base)
	if base == "" || base == "/" {
		return ""
	}
	return titleCase(strings.Join(strings.Fields(base), " "))
}
