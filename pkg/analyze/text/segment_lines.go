package text

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/textshape"
)

// The helpers here classify a line or a piece of text for the
// segmenter: case lines, boilerplate, headings, sentence ends and
// sentence splitting, table cells, list markers and emoji leads.

// caseLine reports whether t, a line without a marker under a list item
// whose text so far is buf, opens with a short case before its first
// arrow ("seal broken → refuse the load") and buf does not stop on a
// word that needs more ("… against the"), so that t is no wrapped rest
// of the item.
func caseLine(t string, buf []byte) bool {
	head, _, ok := strings.Cut(arrowSplitRe.ReplaceAllString(t, "→"), "→")
	if !ok || wordCount(head) == 0 || wordCount(head) > 4 {
		return false
	}
	ws := strings.Fields(string(buf))
	return len(ws) > 0 && !danglers[norm(ws[len(ws)-1])] && !strings.HasSuffix(ws[len(ws)-1], ",")
}

// tailOf is the end of a block's text, enough to tell whether it ends a
// sentence.
func tailOf(buf []byte) string {
	if len(buf) > 16 {
		buf = buf[len(buf)-16:]
	}
	return string(buf)
}

// boilerplate reports page furniture: page numbers, lines repeated on many
// pages and short revision/confidentiality lines.
func boilerplate(t string, freq map[string]int) bool {
	if pageRe.MatchString(t) {
		return true
	}
	n := wordCount(t)
	if n >= 4 && n <= 12 && freq[t] >= 3 {
		return true
	}
	if n <= 12 && !endsSentence(t) && mayBeBoiler(t) && boilerRe.MatchString(t) {
		return true
	}
	return false
}

// isHeadingText reports whether a line reads like a heading: the shared
// shape rules of textshape.Heading, with this package's verbs telling a
// short step ("Remove lens cap.", "Sign contract") from a title.
func isHeadingText(t string) bool { return textshape.Heading(t, readsAsStep) }

// readsAsStep is the textshape.Reader that knows English verbs: a line
// with a full stop is a sentence when it opens with a determiner or a
// pronoun, has an auxiliary or a modal, or opens with a verb ("Outline
// of steps." excepted); a line without one is a step when it opens with
// an order followed by lower-case words ("Power on controller"; "Review
// Process" in title case stays a heading) or ends on a function word.
// agentActs reports whether a role of up to three words opens ws and a
// verb in the third person follows it: "Registrar logs the request",
// "Art Handler crates the work".
func agentActs(ws []string) bool {
	for i := 1; i < len(ws) && i <= 3; i++ {
		if _, f := verbForm(ws[i]); f == formThird {
			return isAgent(strings.Join(ws[:i], " ")) && !isSystem(norm(ws[i-1]))
		}
	}
	return false
}

func readsAsStep(ws []string, stop bool) bool {
	if stop {
		if determiners[norm(ws[0])] || pronouns[norm(ws[0])] {
			return true
		}
		if titleOfDocument(ws) {
			return false // "Invoice approval procedure."
		}
		for _, w := range ws {
			if auxBe[norm(w)] || modals[norm(w)] {
				return true
			}
		}
		if agentActs(ws) {
			return true // "1. Registrar logs the request."
		}
		_, f := verbForm(ws[0])
		return f != formNone && !(len(ws) > 1 && norm(ws[1]) == "of")
	}
	if danglers[norm(ws[len(ws)-1])] {
		return true
	}
	if _, f := verbForm(ws[0]); f == formBase && len(ws) >= 2 {
		for _, w := range ws[1:] {
			if startsLower(w) && !danglers[norm(w)] {
				return true
			}
		}
		if len(ws) >= 3 && !isCapitalised(ws[len(ws)-1]) {
			return true
		}
	}
	return false
}

// documentNouns end a document's title: "Invoice approval procedure.",
// "Expense claim process.".
var documentNouns = set(`procedure procedures process policy workflow guideline guidelines instructions sop`)

// titleOfDocument reports whether the words of a short line with a full
// stop name a document: capitalised, two or three words, the last a
// document noun and no word a determiner, pronoun, auxiliary or modal
// ("Invoice approval procedure." is a title even though "invoice" is a
// verb; "Follow the procedure." is a step).
func titleOfDocument(ws []string) bool {
	if len(ws) < 2 || len(ws) > 3 || !isCapitalised(ws[0]) || !documentNouns[norm(ws[len(ws)-1])] {
		return false
	}
	for _, w := range ws {
		if n := norm(w); determiners[n] || pronouns[n] || auxBe[n] || modals[n] {
			return false
		}
	}
	return true
}

// documentTitle reports whether line i, t, is the document's title: its
// first line, with the body below it, that names the process instead of
// saying who does what ("Onboarding of new suppliers", "Travel expenses
// – how to claim", "Month-end close checklist", "Invoice approval.").
// Only asked of a line that continues no block.
func (s *segmenter) documentTitle(i int, t string) bool {
	if len(s.out) > 0 || s.cur != nil {
		return false
	}
	for _, next := range s.lines[i+1:] {
		if next = strings.TrimSpace(next); next != "" {
			return titleLine(t, next)
		}
	}
	return false // a line alone is the whole text, not its title
}

// nominalEnds end a word that names an act as a thing: "approval",
// "handling", "onboarding", "management", "submission".
var nominalEnds = []string{"al", "ing", "ion", "ment", "ance", "ence", "ure", "ship", "list"}

// titleLine reports whether t, a document's first line followed by next,
// names the document: a few capitalised words without a determiner in
// front, an auxiliary, a modal or a performer doing something; a line
// that opens with an order is a title only when it names the act as a
// thing ("Invoice approval.", "Purchase order handling") or has a dash
// between its name and what it is about ("Travel expenses – how to
// claim"), or, without a full stop, when the body is written in
// sentences ("Review of invoices" above "The clerk receives …", not
// "Review invoices" above "Approve payment").
func titleLine(t, next string) bool {
	ws := strings.Fields(t)
	if !titleShape(t, ws) {
		return false
	}
	stop := strings.HasSuffix(t, ".")
	_, opener := verbForm(ws[0])
	dash, ok := titleWords(ws, stop, opener)
	if !ok || agentActs(ws) {
		return false // agentActs: "Clerk receives invoice."
	}
	switch opener {
	case formNone, formIng:
		return true
	case formBase:
		if dash || namesAnAct(ws[len(ws)-1]) {
			return true
		}
		return !stop && endsSentence(next)
	}
	return false // "Orders arrive daily."
}

// titleShape reports whether line t (its words ws) is shaped like a
// title: one to eight words, capitalised, not ending in a comma, a colon,
// a question or an ellipsis.
func titleShape(t string, ws []string) bool {
	if len(ws) == 0 || len(ws) > 8 || !isCapitalised(ws[0]) || strings.ContainsAny(t[len(t)-1:], ",;:!?") {
		return false
	}
	return !strings.HasSuffix(t, "..")
}

// titleWords scans a title's words: ok is false when one of them makes
// the line a sentence (a determiner, a pronoun, an auxiliary or modal, a
// finite verb, a second sentence, more than five words before a full
// stop); dash reports a dash between the name and what it is about.
func titleWords(ws []string, stop bool, opener int) (dash, ok bool) {
	words := 0
	for j, w := range ws {
		n := norm(w)
		if n == "" && (w == "–" || w == "—" || w == "-") {
			dash = j > 0 && j < len(ws)-1
			continue
		}
		if words++; stop && words > 5 {
			return dash, false // a title with a full stop is a name, not a sentence
		}
		if j < len(ws)-1 && strings.HasSuffix(w, ".") {
			return dash, false // more than one sentence
		}
		if determiners[n] || pronouns[n] || auxBe[n] || modals[n] {
			return dash, false
		}
		if j > 0 && !dash && opener != formBase && finiteAfter(ws[j-1], w) {
			return dash, false // "Suppliers send invoices.", "Payment runs weekly."; after an order its object
		}
	}
	return dash, true
}

// finiteAfter reports whether w, after prev, reads as a finite verb: a
// third person or a past ("runs", "sent"), or a base form after a plural
// ("Suppliers send"); "Month-end close checklist" has none.
func finiteAfter(prev, w string) bool {
	switch _, f := verbForm(w); f {
	case formThird, formPast:
		return true
	case formBase:
		p := norm(prev)
		return strings.HasSuffix(p, "s") && !strings.HasSuffix(p, "ss")
	}
	return false
}

// namesAnAct reports whether w names an act as a thing by its ending.
func namesAnAct(w string) bool {
	n := norm(w)
	for _, e := range nominalEnds {
		if len(n) > len(e)+2 && strings.HasSuffix(n, e) {
			return true
		}
	}
	return false
}

func startsLower(t string) bool {
	for _, r := range t {
		return unicode.IsLower(r)
	}
	return false
}

func endsSentence(t string) bool {
	t = strings.TrimRight(t, " \"')”")
	return t != "" && strings.ContainsRune(".!?:;", rune(t[len(t)-1]))
}

var abbrevs = set(`e.g. i.e. etc. approx. mr. mrs. ms. dr. no. vs. fig. incl. dept. min. max. ca. cf. al. st. co. ltd. inc. resp. esp. appx.`)

// lowerOpeners are words that open a sentence even in lower case, as
// chat messages are written: "CI builds the branch. if the build fails,
// …" is two sentences.
var lowerOpeners = set(`if when once then otherwise after afterwards finally next unless we i that this these those nothing`)

// sentences splits a paragraph at sentence ends, keeping abbreviations and
// decimal numbers together.
func sentences(p string) []string {
	ws := strings.Fields(failingWhich(p))
	var out []string
	colons := map[int]bool{} // sentences cut at a not-done colon
	start := 0
	for i, w := range ws {
		end := strings.HasSuffix(w, ".") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, "?") ||
			strings.HasSuffix(w, ".\"") || strings.HasSuffix(w, ".)")
		if clauseBreak(ws, start, i) {
			// "A proofreader checks it; if there are errors, the
			// translator corrects them", "… are referred by the
			// coordinator: the coordinator sends …": two sentences
			out = append(out, strings.TrimRight(strings.Join(ws[start:i+1], " "), ";:")+".")
			start = i + 1
			continue
		}
		if andIfBreak(ws, start, i) {
			// "…validates the result, and if it is critical she phones
			// …": the condition is the second step's alone
			out = append(out, strings.TrimSuffix(strings.Join(ws[start:i+1], " "), ",")+".")
			start = i + 2
			continue
		}
		if refusalColon(ws, start, i) {
			// "If it is a duplicate, the controller rejects it for good:
			// the clerk cancels the invoice": one branch, refusal first
			ws[i] = strings.TrimSuffix(w, ":") + " and"
			continue
		}
		if notDoneColon(ws, i) || activeNotDoneColon(ws, i) {
			// "…, the registration is not completed: the applicant is
			// informed …": what is done instead, a sentence of its own
			colons[len(out)] = true
			out = append(out, strings.TrimSuffix(strings.Join(ws[start:i+1], " "), ":")+".")
			start = i + 1
			continue
		}
		if !end || i == len(ws)-1 {
			continue
		}
		next := ws[i+1]
		if lw := strings.ToLower(strings.TrimLeft(w, "(\"'")); abbrevs[lw] && (lw != "no." || startsDigit(next)) && !(companySuffixes[lw] && isCapitalised(next)) {
			// ("a polite no. The manager …": "no." before a number only;
			// "… from Acme Ltd. Acme confirms …": a company's name ends
			// the sentence before a capital)
			continue
		}
		if startsLower(next) && !lowerOpeners[strings.ToLower(strings.Trim(next, ",:"))] {
			continue
		}
		if len(strings.TrimRight(w, ".")) == 1 && isCapitalised(w) {
			continue // initials: "J. Smith"
		}
		out = append(out, strings.Join(ws[start:i+1], " "))
		start = i + 1
	}
	if start < len(ws) {
		out = append(out, strings.Join(ws[start:], " "))
	}
	return condColonBranches(out, colons)
}

// startsDigit reports whether t begins with a digit.
func startsDigit(t string) bool {
	for _, r := range t {
		return unicode.IsDigit(r)
	}
	return false
}

// headingText trims a heading's trailing full stop or colon.
func headingText(t string) string {
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t), ".:"))
}

var boilerHints = []string{"rev", "version", "confiden", "copyright", "©", "rights", "printed", "uncontrolled", "document", "effective", "page", "draft", "v1", "v2", "v0"}

// mayBeBoiler is a cheap test before the boilerplate expression, which is
// the slowest step on long documents.
func mayBeBoiler(t string) bool {
	l := strings.ToLower(t)
	for _, h := range boilerHints {
		if strings.Contains(l, h) {
			return true
		}
	}
	return false
}

// tableCells splits a table row as extraction writes it (cells separated
// by tabs or " | "), or returns nil for an ordinary line.
func tableCells(line string) []string {
	var parts []string
	switch {
	case strings.Contains(line, "\t"):
		parts = strings.Split(line, "\t")
	case strings.Count(line, " | ") >= 1:
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "| ") && strings.HasSuffix(t, " |") {
			// "| 2 | Check … | Procurement |": a Markdown row's outer
			// bars; its empty cells ("| R | | |") are cells too
			parts = strings.Split(t[2:len(t)-2], "|")
			break
		}
		parts = strings.Split(line, " | ")
	default:
		return nil
	}
	var cells []string
	for _, p := range parts {
		cells = append(cells, strings.TrimSpace(p))
	}
	nonEmpty := 0
	for _, c := range cells {
		if c != "" {
			nonEmpty++
		}
	}
	if nonEmpty < 2 {
		return nil
	}
	return cells
}

// semicolonStarts begin a sentence of their own after a semicolon.
var semicolonStarts = set(`if when once after otherwise then`)

// clauseAfter reports whether the words after a semicolon make a clause
// of their own ("…; incomplete applications are returned to the
// applicant"), not the next item of a list ("…; visa; ticket").
func clauseAfter(ws []string) bool {
	n := 0
	for _, w := range ws {
		n++
		if strings.HasSuffix(w, ";") {
			break
		}
	}
	if n < 4 {
		return false
	}
	switch strings.ToLower(strings.Trim(ws[0], ",")) {
	case "otherwise", "else", "or":
		return false // "…; otherwise …" is read as one decision
	}
	return true
}

// stepKeyRe is a step's number as a marker or a reference writes it:
// "4.", "(4)", "Step 4:", "4.1", "4.1.2.", "4a", "4(b)", "4 (b)", "(b)".
var stepKeyRe = regexp.MustCompile(`(?i)^(?:step\s+)?\(?(\d{1,3}(?:\.\d{1,3})*)?\.?\)?\s?\(?([a-z])?\)?[.:)]?$`)

// stepKey is the key a numbered step is found by, hierarchical so that a
// jump to a sub-step lands on it: "4." → "4", "4.1" → "4.1", "4.1.2." →
// "4.1.2", "4a" and "4(b)" → "4a", "4b"; a lettered marker alone ("(b)",
// "b.") is a sub-step of parent ("4" → "4b") and has no key without one.
// A marker that is no step number ("iv.", "•") has key "".
func stepKey(marker, parent string) string {
	m := stepKeyRe.FindStringSubmatch(strings.TrimSpace(marker))
	if m == nil || m[1] == "" && m[2] == "" {
		return ""
	}
	num, letter := m[1], strings.ToLower(m[2])
	if num == "" {
		if parent == "" {
			return ""
		}
		num = parent
	}
	return num + letter
}

// stepParents are the keys of the steps a step key is part of, nearest
// first: "4.1.2" → "4.1", "4"; "4b" → "4".
func stepParents(key string) []string {
	var out []string
	for {
		switch {
		case key != "" && key[len(key)-1] >= 'a' && key[len(key)-1] <= 'z':
			key = key[:len(key)-1]
		case strings.Contains(key, "."):
			key = key[:strings.LastIndex(key, ".")]
		default:
			return out
		}
		out = append(out, key)
	}
}

// stepOf is the step key of an item's marker: a lettered item is a
// sub-step of the numbered item or heading before it. A numbered item
// becomes the parent of the lettered ones after it.
func (s *segmenter) stepOf(marker string) string {
	if textshape.MarkerKind(marker) == textshape.Number {
		s.lastStep = stepKey(marker, "")
		return s.lastStep
	}
	return stepKey(marker, s.lastStep)
}

// glyphOf is a list marker in outline: digits become 9 and a single
// letter a ("12." → "9.", "(b)" → "(a)", "Step 4:" → "step 9:").
func glyphOf(m string) string {
	var b strings.Builder
	letters := 0
	for _, r := range m {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	for _, r := range strings.ToLower(m) {
		switch {
		case r >= '0' && r <= '9':
			if !strings.HasSuffix(b.String(), "9") {
				b.WriteRune('9')
			}
		case letters == 1 && unicode.IsLetter(r):
			b.WriteRune('a')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// outcomeLine reports a line that names a case and what is done in it:
// "Approved → book the workshop", "Refused: the assistant informs the
// patient", "No reply in 48 hours: call the practice again", "SCRAP -
// warehouse scraps the parts".
func outcomeLine(t string) bool {
	if m := arrowRe.FindStringSubmatch(t); m != nil {
		return wordCount(m[1]) <= 6 && !strings.Contains(m[1], ",")
	}
	if m := labelDashRe.FindStringSubmatch(t); m != nil && dashLabel(m[1], m[2]) {
		return true // "SCRAP - warehouse scraps the parts"
	}
	return colonCondition(t) != t
}

// emojiLead splits the text off a line led by pictographs ("📞 No
// repeats left → …"); ok is false when the line has no such lead or no
// words after it.
func emojiLead(t string) (body string, ok bool) {
	i := 0
	for i < len(t) {
		r, n := utf8.DecodeRuneInString(t[i:])
		if !pictograph(r) {
			break
		}
		i += n
	}
	if i == 0 {
		return "", false
	}
	body = strings.TrimSpace(t[i:])
	if body == "" || !unicode.IsLetter([]rune(body)[0]) {
		return "", false
	}
	return body, true
}

// pictograph reports an emoji or a symbol that stands for one, with the
// joiners and selectors written between them; not the check marks and
// arrows that lists and notes use with a meaning of their own.
func pictograph(r rune) bool {
	switch {
	case r == '\u200d' || r == '\ufe0f' || r == '\ufe0e' || r >= 0x1f3fb && r <= 0x1f3ff:
		return true
	case r >= 0x1f300 && r <= 0x1faff, r >= 0x2600 && r <= 0x26ff, r == 0x2705, r == 0x274c, r == 0x2b50:
		return true
	}
	return false
}
