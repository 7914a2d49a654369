package text

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"github.com/spade-bpmn/spade/pkg/textshape"
)

// Kinds of text block.
const (
	blockHeading = iota
	blockPara
	blockItem
	blockRow // a table row; cells in block.cells
)

// block is a heading, a paragraph or a list item, with wrapped lines
// joined back together.
type block struct {
	kind   int
	text   string
	marker string // "number", "bullet", "check" for items
	cells  []string
	// step is a numbered item's step key ("4." → "4", "4.1" → "4.1",
	// "(b)" under 4 → "4b"), "" otherwise.
	step string
	// glyph is an item's marker in outline: "•", "◦", "9.", "a)", so
	// that a list nested in another with the same kind of marker is
	// told apart from it.
	glyph string
	// runIn marks a heading written as a run-in label ("Inputs.",
	// "Outline of steps."): it names a part of the section it stands
	// in, not a section of its own.
	runIn bool
}

var (
	tocRe    = regexp.MustCompile(`(\.{3,}|…{2,}|(\s\.){3,}|_{3,})\s*\d+\s*$`)
	pageRe   = regexp.MustCompile(`(?i)^(page\s+)?\d+(\s*(of|/)\s*\d+)?$|^-\s*\d+\s*-$`)
	boilerRe = regexp.MustCompile(`(?i:revision|\brev\.?\s*\d|version\s+\d|\bv\d+\.\d|confidential|copyright|©|all rights reserved|printed copies|uncontrolled|document (no|number|id)\b|effective date|page \d+ of \d+)|\bDRAFT\b`)
	noteRe   = regexp.MustCompile(`(?i)^(note|notes|caution|warning|important|tip|hint|todo|nb)\b\s*[:.—–-]?`)
	mdHeadRe = regexp.MustCompile(`^#{1,6}\s+(.*)$`)
	// arrowLineRe is a line of a note that says what follows from what:
	// "seal broken → refuse the load".
	arrowLineRe = regexp.MustCompile(`\S\s*(?:→|->|=>)\s*\S`)
	// faqQuestionRe and faqAnswerRe are the labels of an FAQ's
	// questions and answers: "Q: How do I claim?", "A: Send us …".
	faqQuestionRe = regexp.MustCompile(`^\s*(?:Q|Question)\s*:\s*\S`)
	faqAnswerRe   = regexp.MustCompile(`^(?:A|Answer)\s*:\s*`)
	// checkboxRe is a checklist item written with brackets: "[ ] …",
	// "[x] …".
	checkboxRe = regexp.MustCompile(`^\[[ xX✓]?\]\s+(\S.*)$`)
	// tableRuleRe is the rule under a text table's header row:
	// "----|----", "+------+------+", "|:---|---:|".
	tableRuleRe = regexp.MustCompile(`^\s*[|+]?\s*:?-{3,}:?\s*(?:[|+]\s*:?-{3,}:?\s*)+[|+]?\s*$`)
	// arrowItemRe is a line that opens with an arrow: a branch of a
	// decision tree written as text.
	arrowItemRe = regexp.MustCompile(`^(?:→|->|=>|⇒)\s+(\S.*)$`)
	// wikiHeadRe is a wiki heading: "== Steps ==".
	wikiHeadRe = regexp.MustCompile(`^={1,6}\s*([^=\s][^=]*?)\s*={1,6}$`)
	// wikiItemRe is a nested wiki bullet: "** If …", "*** Correct …".
	wikiItemRe = regexp.MustCompile(`^(\*{2,6})\s+(\S.*)$`)
)

// normaliseText undoes what extraction leaves behind: ligatures, odd
// spaces, carriage returns and form feeds.
func normaliseText(s string) string {
	r := strings.NewReplacer("\r\n", "\n", "\r", "\n", "\f", "\n", "\u00a0", " ", "\u00ad", "",
		"ﬁ", "fi", "ﬂ", "fl", "ﬀ", "ff", "ﬃ", "ffi", "ﬄ", "ffl", "’", "'", "‘", "'", "“", "\"", "”", "\"",
		"\t", "\t", "\ufffc", "-", "\u200b", "")
	return r.Replace(s)
}

var (
	// capsWordRe is a word written in capitals: "REGISTRAR", "IF".
	capsWordRe = regexp.MustCompile(`\b[A-Z][A-Z'-]*[A-Z]\b`)
	// lowerWordRe is a word in lower case: the line is prose, not a
	// heading in capitals.
	lowerWordRe = regexp.MustCompile(`\b[a-z]{3,}\b`)
	// sentenceStartRe is what comes before a sentence's first word.
	sentenceStartRe = regexp.MustCompile(`(?:^|[.!?:>→]|\d[.)])\W*$`)
)

// capsFunction are the words a job aid shouts to show its logic ("IF …
// ->", "AND, AT THE SAME TIME", "REPEAT UNTIL", "END"): lower-case in
// the sentence.
var capsFunction = set(`if then and or at the same time do not repeat until end when stop else otherwise a an no never
	only all each every after before once for to of in on with is are must shall go step wait`)

// capsAlone are the words of capsFunction that stand for themselves on
// their own ("IF", "END"); "GO", "DO" or "AN" alone may be acronyms.
var capsAlone = set(`if then and or end stop else when until repeat otherwise never not`)

// calmCaps writes the words a prose line puts in capitals for emphasis
// as words ("REGISTRAR logs the request. IF the work is fragile ->
// CURATOR declines" → "Registrar logs the request. If the work is
// fragile -> Curator declines"), so that roles and conditions read as
// they do in plain prose. Lines all in capitals (headings) and acronyms
// (QA, HACCP, IT) stay as they are.
func calmCaps(line string) string {
	if !lowerWordRe.MatchString(line) || !capsWordRe.MatchString(line) {
		return line
	}
	var b strings.Builder
	last := 0
	for _, loc := range capsRunRe.FindAllStringIndex(line, -1) {
		run := line[loc[0]:loc[1]]
		calm := calmRun(run, sentenceStartRe.MatchString(line[:loc[0]]))
		b.WriteString(line[last:loc[0]])
		b.WriteString(calm)
		last = loc[1]
	}
	b.WriteString(line[last:])
	return b.String()
}

// capsRunRe is a run of words in capitals: "ART HANDLER", "AT THE SAME
// TIME".
var capsRunRe = regexp.MustCompile(`\b[A-Z][A-Z'-]*[A-Z]\b(?: +\b[A-Z][A-Z'-]*[A-Z]\b)*`)

// calmRun writes a run of capitals as prose: a role in title case ("ART
// HANDLER" → "Art Handler"), the words of the logic in lower case (the
// first one capitalised at a sentence's start); anything else, an
// acronym, stays.
func calmRun(run string, start bool) string {
	lw := strings.ToLower(run)
	ws := strings.Fields(lw)
	head := strings.TrimSuffix(ws[len(ws)-1], "'s")
	if (roleWords[head] || isAgent(head)) && !isSystem(head) && len(head) >= 4 {
		out := strings.Fields(run)
		for i, w := range ws {
			if !isSystem(strings.TrimSuffix(w, "'s")) {
				out[i] = capitalise(w) // "SAP ADMINISTRATOR" → "SAP Administrator"
			}
		}
		return strings.Join(out, " ")
	}
	for _, w := range ws {
		if !capsFunction[w] {
			return run
		}
	}
	if len(ws) == 1 && !capsAlone[lw] {
		return run // "the GO requests …": an acronym
	}
	if start {
		return capitalise(lw)
	}
	return lw
}

// segment splits text into blocks, dropping page furniture (page numbers,
// running headers repeated on every page, revision lines) and tables of
// contents. It returns nil when ctx is cancelled.
func segment(ctx context.Context, text string) []block {
	lines := strings.Split(normaliseText(text), "\n")
	for i, l := range lines {
		lines[i] = punctuateSpoken(calmCaps(l))
	}
	s := newSegmenter(lines)
	for i, line := range s.lines {
		if i&1023 == 0 && ctx.Err() != nil {
			return nil
		}
		s.line(i, line)
	}
	return s.blocks()
}

// segmenter reads a text's lines into blocks. A block's text grows in a
// byte buffer (appending to a string would copy it on every line:
// quadratic on a wall of short lines) and is tidied once at the end;
// raw[i] is out[i]'s buffer, nil when the block's text is final already.
type segmenter struct {
	lines []string
	freq  map[string]int // how often each trimmed line occurs: running headers
	// faq is set for an FAQ's "Q:"/"A:" labels: the answer is the text,
	// its label none
	faq bool
	// faqCond is the condition the last question asked ("Q: And if
	// something is missing?"): its answer's first sentence is that case
	faqCond   string
	out       []block
	raw       [][]byte
	cur       *block // the block still growing, or nil
	buf       []byte // cur's text so far
	prevBlank bool   // the line before was blank or closed its block
	// lastStep is the key of the last numbered item or heading: a
	// lettered item after it is its sub-step ("4." then "(b)" → "4b")
	lastStep string
}

func newSegmenter(lines []string) *segmenter {
	s := &segmenter{lines: lines, freq: map[string]int{}, prevBlank: true}
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" {
			s.freq[t]++
		}
	}
	for _, l := range lines {
		if faqQuestionRe.MatchString(l) {
			s.faq = true
			break
		}
	}
	return s
}

// faqCondRe is a question that asks about a case: "Q: And if something
// is missing?", "Q: What happens if the customer does not pay?".
var faqCondRe = regexp.MustCompile(`(?i)^\s*(?:Q|Question)\s*:\s*(?:(?:and|but|ok|okay|so|right)[,.!]?\s+)*(?:what\s+(?:happens\s+|do\s+you\s+do\s+)?)?(?:if|when)\s+([^?]{3,120})\?\s*$`)

// faqLeads are the first words of an answer that go lower-case behind
// the question's condition.
var faqLeads = set(`then we they the a an it in`)

// faqAnswer strips an FAQ's answer label; the answer to a question about
// a case ("Q: What if they aren't eligible?" "A: We send a rejection.")
// reads as that case: "If they aren't eligible, we send a rejection."
func (s *segmenter) faqAnswer(t string) string {
	if m := faqCondRe.FindStringSubmatch(t); m != nil {
		s.faqCond = strings.TrimSpace(m[1])
		return t
	}
	if faqQuestionRe.MatchString(t) {
		s.faqCond = ""
		return t
	}
	if !faqAnswerRe.MatchString(t) {
		return t
	}
	t = faqAnswerRe.ReplaceAllString(t, "")
	cond := s.faqCond
	s.faqCond = ""
	if cond == "" || t == "" || ifLeadRe.MatchString(t) {
		return t
	}
	ws := strings.SplitN(t, " ", 2)
	if faqLeads[strings.ToLower(ws[0])] {
		ws[0] = strings.ToLower(ws[0])
	}
	return "If " + cond + ", " + strings.Join(ws, " ")
}

// open starts a block that later lines may continue.
func (s *segmenter) open(b block) {
	s.cur = &b
	s.buf = append(s.buf[:0:0], b.text...)
}

// flush closes the growing block.
func (s *segmenter) flush() {
	if s.cur != nil && len(s.buf) > 0 {
		s.out = append(s.out, *s.cur)
		s.raw = append(s.raw, s.buf)
	}
	s.cur, s.buf = nil, nil
}

// emit adds a block that is complete as it stands.
func (s *segmenter) emit(b block) {
	s.out = append(s.out, b)
	s.raw = append(s.raw, nil)
}

// line reads line i in phases: a table row, a blank or furniture line,
// a line whose markup says what it is, a line that stands apart from the
// prose around it, and otherwise prose.
func (s *segmenter) line(i int, line string) {
	if tableRuleRe.MatchString(line) {
		// "-----|-----": the rule under a text table's header row is
		// no text, and the table goes on below it
		return
	}
	if cells := tableCells(line); cells != nil {
		s.flush()
		s.emit(block{kind: blockRow, text: strings.Join(cells, " | "), cells: cells})
		s.prevBlank = true
		return
	}
	t := strings.TrimSpace(line)
	if s.faq {
		t = s.faqAnswer(t)
	}
	if t == "" {
		s.flush()
		s.prevBlank = true
		return
	}
	if boilerplate(t, s.freq) || tocRe.MatchString(t) {
		return
	}
	if s.marked(i, t) || s.apart(line, t) {
		return
	}
	s.prose(i, t)
}

// marked reads a line whose markup says what it is: a Markdown or wiki
// heading, a checklist item, a wiki bullet, a line led by pictographs or
// a list item; false when it has none.
func (s *segmenter) marked(i int, t string) bool {
	if m := mdHeadRe.FindStringSubmatch(t); m != nil {
		s.flush()
		s.lastStep = ""
		s.emit(block{kind: blockHeading, text: headingText(m[1])})
		s.prevBlank = true
		return true
	}
	if m := wikiHeadRe.FindStringSubmatch(t); m != nil {
		s.flush()
		s.lastStep = ""
		s.emit(block{kind: blockHeading, text: headingText(m[1])})
		s.prevBlank = true
		return true
	}
	if m := checkboxRe.FindStringSubmatch(t); m != nil {
		// "[ ] Post the goods receipt": a checklist item
		s.flush()
		if mark, body, ok := textshape.Item(m[1]); ok && textshape.MarkerKind(mark) == textshape.Number {
			// "[ ] 4. Does the patient …": the number is the
			// step's, not words of it: the item is a numbered step
			s.open(block{kind: blockItem, text: body, marker: "number", step: s.stepOf(mark), glyph: glyphOf(mark)})
			s.prevBlank = false
			return true
		}
		s.open(block{kind: blockItem, text: m[1], marker: "check", glyph: "[ ]"})
		s.prevBlank = false
		return true
	}
	if m := wikiItemRe.FindStringSubmatch(t); m != nil {
		// a nested bullet of a wiki page: an item one level in
		s.flush()
		s.open(block{kind: blockItem, text: m[2], marker: "bullet", glyph: m[1]})
		s.prevBlank = false
		return true
	}
	if m := arrowItemRe.FindStringSubmatch(t); m != nil {
		// "  → account OK: the assistant reserves the device": a
		// branch of a decision tree drawn with arrows, an item
		s.flush()
		s.open(block{kind: blockItem, text: m[1], marker: "bullet", glyph: "→"})
		s.prevBlank = false
		return true
	}
	if body, ok := emojiLead(t); ok {
		// "📦 Pharmacy assistant prepares the medication": a
		// pictograph leads a step like a bullet; one leading a
		// title that stands alone ("💊 Repeat prescriptions") is
		// only decoration
		s.flush()
		alone := s.prevBlank && (i+1 == len(s.lines) || strings.TrimSpace(s.lines[i+1]) == "")
		if alone && (len(s.out) == 0 || isHeadingText(body)) {
			// (the document's first line is its title)
			s.emit(block{kind: blockHeading, text: headingText(body)})
			s.prevBlank = true
			return true
		}
		// each such line is a paragraph of its own: the next
		// pictograph starts the next step
		s.emit(block{kind: blockPara, text: body})
		s.prevBlank = false
		return true
	}
	if mark, body, ok := textshape.Item(t); ok {
		if textshape.NumberedHeading(mark, body, readsAsStep) || s.outlineSection(i, body) {
			s.flush()
			s.lastStep = stepKey(mark, "") // "4. Sterilisation" over "4.1 …", "(a) …"
			s.emit(block{kind: blockHeading, text: headingText(body)})
			s.prevBlank = true
			return true
		}
		s.flush()
		glyph := glyphOf(mark)
		if ind := indentOf(s.lines[i]); ind > 0 {
			// "- At the same time:" over "  - the commander posts …": a
			// list nested by its indent is another list, though its
			// marker is the same
			glyph += "@" + strconv.Itoa(ind)
		}
		s.open(block{kind: blockItem, text: body, marker: textshape.MarkerKind(mark), step: s.stepOf(mark), glyph: glyph})
		s.prevBlank = false
		return true
	}
	return false
}

// indentOf is how many spaces or tabs lead a line.
func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }

// nominalEndings end the noun of a stage of work: "Risk assessment",
// "Intake", "Binding", "Approval", "Closure".
var nominalEndings = []string{"ment", "tion", "sion", "ance", "ence", "ing", "al", "ure", "take", "ity"}

// outlineSection reports whether list item i, with text body, is the
// title of a part of an outline: a short noun phrase of a stage of
// work without a sentence end ("2. Risk assessment") whose next line is
// an item under it, indented or with another kind of marker ("   a.
// Underwriter orders a survey."). A step with its details under it ("1.
// Check the documents" over "- passport") opens with an order and stays
// a step.
func (s *segmenter) outlineSection(i int, body string) bool {
	ws := strings.Fields(body)
	if len(ws) == 0 || len(ws) > 4 || endsSentence(body) || strings.HasSuffix(body, ":") || agentActs(ws) {
		return false
	}
	last := norm(ws[len(ws)-1])
	nominal := false
	for _, e := range nominalEndings {
		if strings.HasSuffix(last, e) && len(last) > len(e)+2 {
			nominal = true
		}
	}
	if !nominal {
		return false
	}
	if len(ws) > 1 {
		if _, f := verbForm(ws[0]); f == formBase && !strings.HasSuffix(last, "ing") && determiners[norm(ws[1])] {
			return false // "Arrange the booking"
		}
	}
	for j := i + 1; j < len(s.lines); j++ {
		next := s.lines[j]
		if strings.TrimSpace(next) == "" {
			continue
		}
		mark, _, item := textshape.Item(strings.TrimSpace(next))
		own, _, _ := textshape.Item(strings.TrimSpace(s.lines[i]))
		// indented under it, or (extraction drops indents) of another
		// kind of marker: "a." under "2."
		return item && (indentOf(next) > indentOf(s.lines[i]) || glyphOf(mark) != glyphOf(own))
	}
	return false
}

// apart reads a line without markup that still stands apart from the
// prose around it: a case indented under an item or listed after a
// sentence, a caption or a link; false for prose.
func (s *segmenter) apart(line, t string) bool {
	if s.cur != nil && s.cur.kind == blockItem && (t != line || (s.cur.glyph == "[ ]" || s.cur.glyph == "→") && caseLine(t, s.buf)) && arrowLineRe.MatchString(t) {
		// "   seal broken → refuse the load → END" indented under a
		// checklist item: what happens in that case, an item one
		// level in, not more words of the item above (text
		// extraction drops the indent: under a checkbox item, a line
		// that opens with a short case before its arrow and follows
		// an item that ends on a full word is one all the same)
		s.flush()
		s.open(block{kind: blockItem, text: t, marker: "bullet", glyph: "→"})
		s.prevBlank = false
		return true
	}
	if s.cur != nil && (endsSentence(tailOf(s.buf)) || s.cur.kind == blockItem && s.cur.glyph == "→") && !startsLower(t) && outcomeLine(t) {
		// "Outcome is one of three:" then "Approved → fleet
		// coordinator books …", "Refused: assistant informs the
		// patient": each line is one case and what is done in it,
		// not more words of the paragraph or case above
		s.flush()
		s.open(block{kind: blockItem, text: t, marker: textshape.Bullet, glyph: "→"})
		s.prevBlank = false
		return true
	}
	if furnitureLine(t) {
		// a caption or a link inside a paragraph is a block of its
		// own, so that the paragraph's steps are read without it
		s.flush()
		s.emit(block{kind: blockPara, text: t})
		s.prevBlank = true
		return true
	}
	return false
}

// prose reads a line of running text: a heading, more words of the
// growing block, a paragraph cut by a page break carrying on, or a new
// paragraph.
func (s *segmenter) prose(i int, t string) {
	curEnds := s.cur != nil && endsSentence(tailOf(s.buf))
	continuation := s.cur != nil && (startsLower(t) || !curEnds && s.cur.kind == blockPara)
	if !continuation && s.headingAt(i, t, curEnds) {
		s.flush()
		s.emit(block{kind: blockHeading, text: headingText(t), runIn: strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "..")})
		s.prevBlank = true
		return
	}
	s.proseLine(t, continuation)
	s.prevBlank = false
}

// headingAt reports whether line i, t, which continues no block, is a
// heading: it stands after a blank line, first or after a sentence's
// end (curEnds), and reads as one, stands alone between paragraphs or
// is the document's title.
func (s *segmenter) headingAt(i int, t string, curEnds bool) bool {
	return (s.prevBlank || s.cur == nil || curEnds) && (isHeadingText(t) || s.between(i, t) || s.documentTitle(i, t))
}

// proseLine adds a line of running text that is no heading: after a
// lead it opens a paragraph of its own, it grows the block it continues
// (joining a word hyphenated across the break), it carries on a
// paragraph cut by a page or column break, or it opens a new paragraph.
func (s *segmenter) proseLine(t string, continuation bool) {
	switch {
	case s.cur != nil && s.cur.kind == blockPara && !startsLower(t) && s.leadEnds(t):
		// "Item 1 – how changes go through CAB (agreed):" then
		// "Requester raises the change record.": the lead and what it
		// leads to are apart, not one sentence
		s.flush()
		s.open(block{kind: blockPara, text: t})
	case s.cur != nil && (continuation || s.cur.kind == blockPara):
		if n := len(s.buf); n > 0 && s.buf[n-1] == '-' && startsLower(t) {
			s.buf = append(s.buf[:n-1], t...)
		} else {
			s.buf = append(append(s.buf, ' '), t...)
		}
	case s.cur == nil && startsLower(t) && s.lastParaOpen():
		// a paragraph cut by a page or column break carries on
		out, raw := s.out, s.raw
		last := out[len(out)-1]
		s.buf = append(append(raw[len(raw)-1], ' '), t...)
		s.out, s.raw = out[:len(out)-1], raw[:len(raw)-1]
		s.cur = &last
	default:
		s.flush()
		s.open(block{kind: blockPara, text: t})
	}
}

// lastParaOpen reports whether the last block out is a paragraph whose
// text can still grow.
func (s *segmenter) lastParaOpen() bool {
	return len(s.out) > 0 && s.out[len(s.out)-1].kind == blockPara && s.raw[len(s.raw)-1] != nil
}

// labelLineRe is a line that opens with a short label and a colon:
// "Present: …", "Guest: vendor account manager".
var labelLineRe = regexp.MustCompile(`^[A-Z][\w-]*(?:\s+[\w-]+){0,2}:\s+\S`)

// leadEnds reports whether the growing paragraph ends before line t: its
// text ends with a colon (a lead), or it is one short line without a
// sentence end (a title) and t opens with a label ("Present: …").
func (s *segmenter) leadEnds(t string) bool {
	tail := strings.TrimSpace(tailOf(s.buf))
	if strings.HasSuffix(tail, ":") {
		return true
	}
	text := strings.TrimSpace(string(s.buf))
	return !endsSentence(text) && !strings.Contains(text, ". ") && wordCount(text) <= 10 && labelLineRe.MatchString(t)
}

// between reports a short capitalised line alone between two paragraphs
// of full sentences: "Warehouse cycle count" there is a heading, even
// though its first word can be read as an order (a step line without a
// full stop stands in a list). Only asked of a line that continues no
// block.
func (s *segmenter) between(i int, t string) bool {
	return s.prevBlank && i+1 < len(s.lines) && strings.TrimSpace(s.lines[i+1]) == "" &&
		len(s.out) > 0 && s.out[len(s.out)-1].kind == blockPara && s.raw[len(s.raw)-1] != nil && endsSentence(tailOf(s.raw[len(s.raw)-1])) &&
		wordCount(t) <= 6 && !endsSentence(t) && isCapitalised(t)
}

// blocks closes the last block and tidies every grown text.
func (s *segmenter) blocks() []block {
	s.flush()
	for i, r := range s.raw {
		if r != nil {
			s.out[i].text = strings.Join(strings.Fields(string(r)), " ")
		}
	}
	return s.out
}
