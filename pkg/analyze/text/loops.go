package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

var (
	// endRe marks a sentence that ends its branch of the process.
	endRe = regexp.MustCompile(`(?i)\b(?:the\s+)?(?:process|case|procedure|workflow|claim|request|application|matter|ticket|file|dossier|booking)\s+(?:then\s+)?(?:ends|(?:is|(?:shall|will)\s+be)\s+(?:(?:then|thereby|hereby|therefore|thus)\s+)?(?:(?:deemed|considered)\s+)?(?:terminated|closed|finished|ended|over|complete|completed|cancelled|canceled|rejected)|stops|finishes|terminates)\b|\bends\s+the\s+(?:process|procedure|case|workflow)\b|\b(?:ends|stops|halts|(?:we|they)\s+(?:stop|end|halt))\s+(?:there|here|at\s+(?:that|this)\s+point)\b|\b(?:is|are|will\s+be)\s+not\s+(?:processed|handled|pursued|progressed|taken)\s+(?:any\s+)?further\b|\bgoes\s+no\s+further\b|\b(?:(?:does|do|did|will|shall|would)\s+not|doesn't|don't|won't)\s+[a-z]+(?:\s+(?:the|this|that|its|their|his|her)\s+[a-z-]+|\s+(?:it|them|him|her))?\s+(?:any\s+)?further\W*$|\b(?:never|no\s+longer)\s+(?:goes|go|gets|moves|proceeds|continues)\s+(?:to|on|further|any\s+further)\b|\b(?:is|are)\s+dead\b|\b(?:it|this|that)\s+is\s+(?:finish|finished|over)\s+for\s+(?:this|that|the)\s+[a-z]+\b|\bnever\s+happens\b|\b(?:stop|abort|terminate|cancel)s?\s+the\s+(?:test|process|procedure|workflow|run|check)\b|^\W*(?:the\s+)?end\W*$|^\W*STOP\W*$|^\W*stop\s*[,;:!–-]\s*(?:no|nothing|do\s+not|don't)\b|\bnothing\s+(?:else|more|further)\s+(?:happens|is\s+done)\b|\bnothing\s+(?:else\s+)?(?:is|gets|will\s+be)\s+(?:paid|done|made|[a-z]+ed|sent|given|taken|written|built|bought|sold)\b|\b(?:is|are|will\s+be)\s+never\s+(?:sent|shipped|paid|delivered|issued|released|made|processed|posted|refunded|bound|sold|given|taken|done|held|kept|shown|brought|bought|built|won|drawn|written|put|[a-z]{3,}ed)\b|\bno\s+further\s+(?:action|steps?)\b|^\W*no\s+[a-z-]+(?:\s+[a-z-]+)?\s+(?:is|are|gets|will\s+be)\s+ever\s+[a-z]{3,}ed\b|[,;]\s*(?:and\s+|so\s+)?no\s+[a-z-]+(?:\s+[a-z-]+)?\s+(?:ever\s+)?(?:goes\s+out|is\s+(?:ever\s+)?(?:sent|issued|made|paid|granted|needed|required|necessary))\W*$|[,;]\s*(?:and\s+)?(?:stop|end|done)\s*[.!]?$|\bthat(?:'s|’s|\s+is)\s+(?:it|the\s+end)\b|^\W*(?:the|this|that|such\s+an?)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:is|are|will\s+be)\s+not\s+(?:closed\s+as\s+(?:an?\s+)?(?:completed|successful|resolved|finished)(?:\s+[a-z-]+)?|completed|delivered|paid|processed|shipped|booked|released|issued|implemented|refunded|registered|accepted|made|sent|posted|executed|carried\s+out)\W*$`)
	// negEndRe is a closing clause saying the case is not carried on:
	// "If the part fails, it is not shipped", "…, and the order will not
	// be delivered". Only at the end of the sentence, after a clause
	// break, so that a condition ("if the invoice is not paid, …") never
	// reads as one.
	negEndRe = regexp.MustCompile(`(?i)(?:^\W*|[,;:]\s*|\s(?:and|so|then)\s+)(?:it|they|this|these|that|those|(?:the|such\s+an?|this|these|that|those)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:(?:is|are|gets|get)\s+(?:not|never|under\s+no\s+circumstances|in\s+no\s+case|on\s+no\s+account|by\s+no\s+means)|isn't|aren't|(?:will|shall|must|may|can|should)\s+(?:not|never)\s+be|won't\s+be|cannot\s+be|can't\s+be|mustn't\s+be|(?:is|are)\s+not\s+to\s+be)\s+(?:any\s+longer\s+)?(?:closed\s+as\s+(?:an?\s+)?(?:completed|successful|resolved|finished)(?:\s+[a-z-]+)?|completed|delivered|paid|processed|shipped|booked|released|issued|implemented|refunded|registered|accepted|made|sent|posted|executed|carried\s+out|used|sold|installed|opened|approved|ordered|dispatched|published|granted|admitted|enrolled|hired|signed|invoiced|credited|reimbursed|produced|assembled|handed\s+over|put\s+away|stored|transferred|activated|created|booked\s+in|scheduled|funded|paid\s+out|renewed|launched|deployed|served|dispensed|administered|fulfilled|forwarded|continued|pursued)(?:\s+(?:to|for|in|into)\s+(?:the\s+)?[a-z-]+(?:\s+[a-z-]+)?)?\W*$`)
	// againRe marks rework: a step done again after a decision.
	againRe = regexp.MustCompile(`(?i)\b(?:again|resubmit\w*|re-submit\w*|once more|anew|another one|a new one)\b`)
	// forEachRe marks work done per item: multi-instance.
	forEachRe = regexp.MustCompile(`(?i)\b(?:for\s+(?:each|every)|each|every|all\s+(?:the\s+)?\w+s\b.*\bone by one)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)`)
	// timeNouns after "each"/"every" make a recurrence, not work per item
	// ("every morning", "each quarter").
	timeNouns = set(`morning mornings evening night day days week weeks month months quarter quarters year years
		time times shift shifts hour hours minute minutes monday tuesday wednesday thursday friday saturday sunday
		working business second other first last`)
	// renewedRe marks a step that redoes an earlier one on a new version
	// of its object: "sends a new offer", "submits a revised budget".
	renewedRe = regexp.MustCompile(`(?i)\b(?:(?:a|an|the|some)\s+(?:new|revised|corrected|updated|amended|reworked|fresh)|(?:new|fresh))\s+(\w+)`)
	// backRe marks work handed back to someone inside the organisation:
	// "sends it back to the clerk", "returns the report to the author".
	backRe = regexp.MustCompile(`(?i)\b(?:sends?|sent|returns?|returned|passes|passed|hands|handed|gives|refers|referred|routes|routed|goes|go|comes|moves)\b[^.;]*?\bback\s+to\b|\breturns?\s+(?:it|them|the\s+\w+)\s+to\b|\b(?:is|are)\s+returned\s+to\b|\breturns\s+to\s+(?:the|a|an)\b`)
	// backToRe names whom the work goes back to: "… back to the line
	// manager".
	backToRe = regexp.MustCompile(`(?i)\b(?:back|returned|returns)\s+to\s+((?:the|a|an|his|her|their)\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})`)
	// loopRe marks repetition one item after the other.
	loopRe = regexp.MustCompile(`(?i)\b(?:repeat\w*|until all|one by one|one after the other|for each remaining)\b`)
)

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
	if d.event != nil || v == "" {
		return nil, nil
	}
	// "sends a new offer" repeats "sends the offer": the same verb on the
	// same thing
	head := ""
	if m := renewedRe.FindStringSubmatch(d.source); m != nil {
		head = strings.ToLower(m[1])
		if isAgent(head) || isExternal(head) {
			return nil, nil // "a new customer" is another party, no rework
		}
	} else if !strings.Contains(strings.ToLower(d.source), "again") {
		return nil, nil
	}
	// of the earlier steps with that verb, the one on the same thing
	// ("QA runs the regression again": the regression run, not the scan
	// another team runs beside it), then by the same performer, then the
	// nearest
	var best *draft
	bestScore := -1
	for i := before - 1; i >= 0; i-- {
		e := a.drafts[i]
		if e.event == nil && !e.drop && firstWord(e.verb) == v && e.item != nil &&
			(head == "" || strings.HasSuffix(strings.ToLower(strings.TrimSpace(e.object)), head)) {
			score := 2 * sharedStems(d.object, e.object)
			if strings.EqualFold(d.performer, e.performer) {
				score++
			}
			if score > bestScore {
				best, bestScore = e, score
			}
		}
	}
	if best == nil {
		return nil, nil
	}
	return d, best
}

// sharedStems counts the words of at least four letters two objects
// share, by stem: "regression" and "regression suite" share one.
func sharedStems(x, y string) int {
	seen := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(x)) {
		if w = trimPunct(w); len(w) >= 4 {
			seen[stemOf(w)] = true
		}
	}
	n := 0
	for _, w := range strings.Fields(strings.ToLower(y)) {
		if w = trimPunct(w); len(w) >= 4 && seen[stemOf(w)] {
			n++
			delete(seen, stemOf(w))
		}
	}
	return n
}

// lastDraft is the last step read, or nil.
func (a *analyzer) lastDraft() *draft {
	if len(a.drafts) == 0 {
		return nil
	}
	return a.drafts[len(a.drafts)-1]
}

// handBackVerbs hand work over: a branch that ends with one has no
// rework of its own.
var handBackVerbs = set(`send return hand give pass forward route refer`)

// resubmittedTo finds the earlier step of the party the sentence's last
// step hands its work back to ("resubmits it to the line manager"), or
// nil.
func (a *analyzer) resubmittedTo(before int) *draft {
	if before >= len(a.drafts) {
		return nil
	}
	d := a.drafts[len(a.drafts)-1]
	if d.event != nil || len(d.custs) == 0 {
		return nil
	}
	for i := before - 1; i >= 0; i-- {
		e := a.drafts[i]
		if e.event == nil && !e.drop && e.item != nil && strings.EqualFold(e.performer, d.custs[0]) {
			return e
		}
	}
	return nil
}

// untilRe finds a sentence that closes a cycle of the steps before it:
// "This continues until the reviewer approves the pull request", "These
// steps are repeated until the test passes", "Sometimes this goes back
// and forth a few times until a date fits".
var untilRe = regexp.MustCompile(`(?i)^(?:(?:sometimes|often|usually|normally)\s+)?(?:this|these steps|the cycle|this cycle|this loop|the process|steps? [\d–-]+(?: (?:to|and) \d+)?)\s+(?:continues|continue|is repeated|are repeated|repeats|repeat|goes on|loops|goes back and forth|go back and forth)(?:\s+(?:a few|several|many|some)\s+times)?\s+(?:until|till)\s+(.{4,}?)[.!]?$`)

// loopUntil loops back from the last step to the first recent step of
// the party the condition names ("until the reviewer approves": the
// reviewer's first step of the cycle), or of the last performer. The
// party is untilWho, the start cycleStart or, after a decision,
// decisionCycle; the named party's own step is untilStep.
func (a *analyzer) loopUntil(cond string) bool {
	who := a.untilWho(cond)
	target := a.cycleStart(who)
	if who == "" {
		if bf, list := a.decisionCycle(); list != nil {
			return a.b.addLoopCheckIn(list, cond, a.currentActor(), bf)
		} else if bf != nil {
			target = bf.act
		}
	}
	if (target == nil || target == a.last) && who != "" {
		// "The writer revises the draft. The editor reads it. This is
		// repeated until the editor approves it": the one named is who
		// decides, not all who repeat; the last two steps repeat
		target = a.stepBefore(a.last)
	}
	if target == nil || target == a.last {
		return false
	}
	a.untilStep(cond)
	return a.b.addLoopUntil(cond, firstNonEmpty(who, a.currentActor()), target.item)
}

// untilWho is the performer the condition opens with ("until the
// reviewer approves": the reviewer), or "".
func (a *analyzer) untilWho(cond string) string {
	ws := strings.Fields(cond)
	who := ""
	for n := min(4, len(ws)); n >= 1 && who == ""; n-- {
		if np := nounPhrase(ws[:n], 4); np != "" && isAgent(np) {
			who = a.performer(np)
		}
	}
	return who
}

// cycleStart is the earliest of the last run of steps (of the last
// eight read) done by who, or by anyone when who is "", or nil.
func (a *analyzer) cycleStart(who string) *draft {
	var target *draft
	for i := len(a.drafts) - 1; i >= 0 && i >= len(a.drafts)-8; i-- {
		d := a.drafts[i]
		if d.event != nil || d.drop || d.item == nil {
			continue
		}
		if who == "" || strings.EqualFold(d.performer, who) {
			target = d // the earliest of the run
		} else if target != nil {
			break
		}
	}
	return target
}

// decisionCycle is the cycle through an exclusive decision just read:
// "If the date is free, she sends a quote; if not, she proposes other
// dates. This goes back and forth until a date fits": the cycle starts
// at the step before that decision (bf), and only the branch read last
// (list) goes round it. Both are nil without such a decision; list is
// nil when none of the last steps read is in one of its branches.
func (a *analyzer) decisionCycle() (bf *item, list *[]*item) {
	n := len(a.b.seq)
	if n == 0 || a.b.seq[n-1].gw == nil || a.b.seq[n-1].gw.typ != process.GatewayExclusive {
		return nil, nil
	}
	g := a.b.seq[n-1].gw
	bf = g.before
	if bf == nil || bf.act == nil || bf.act.event != nil || bf.act.drop || bf.act == a.last {
		return nil, nil
	}
	for i := len(a.drafts) - 1; i >= 0 && i >= len(a.drafts)-4; i-- {
		if list := g.branchOf(a.drafts[i].item); list != nil {
			return bf, list
		}
	}
	return bf, nil
}

// untilStep adds the condition's own step: "until the reviewer approves
// the pull request": the approval is a step of its own before the
// decision; "until all aisles are counted" names none.
func (a *analyzer) untilStep(cond string) {
	if cs := parseClause(cond, a.lastObject); len(cs) > 0 && cs[0].performer != "" && isAgent(cs[0].performer) {
		if ds := a.clauses(cond, cond); len(ds) > 0 {
			a.b.add(ds)
		}
	}
}

// stepBefore is the step read right before last (a plain step still in
// the flow), or nil.
func (a *analyzer) stepBefore(last *draft) *draft {
	seen := false
	for i := len(a.drafts) - 1; i >= 0 && i >= len(a.drafts)-8; i-- {
		d := a.drafts[i]
		if d == last {
			seen = true
			continue
		}
		if seen && d.event == nil && !d.drop && d.item != nil {
			return d
		}
	}
	return nil
}

// backTo finds the last step of the role a sentence sends the work back
// to ("back to the line manager"), or nil; parties outside the
// organisation are no rework target.
func (a *analyzer) backTo(s string) *draft {
	m := backToRe.FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	ws := strings.Fields(m[2])
	who := ""
	for n := len(ws); n >= 1 && who == ""; n-- {
		if np := nounPhrase(ws[:n], 4); np != "" && isAgent(np) {
			who = a.performer(np)
		}
	}
	if who == "" || isExternal(who) {
		return nil
	}
	// the first step of the role's last run: "approves or rejects it.
	// Rejected requests are closed …" goes back to the approval
	var target *draft
	for i := len(a.drafts) - 1; i >= 0; i-- {
		e := a.drafts[i]
		if e.event != nil || e.drop || e.item == nil {
			continue
		}
		if strings.EqualFold(e.performer, who) {
			target = e
		} else if target != nil {
			break
		}
	}
	return target
}

// inParallel reports whether target sits on a branch of a parallel
// split among items (inside is whether items already are on one).
func inParallel(items []*item, target *item, inside bool) bool {
	for _, it := range items {
		if it == target {
			return inside
		}
		if it.gw != nil {
			for _, br := range it.gw.branches {
				if inParallel(br.items, target, inside || it.gw.typ == process.GatewayParallel) {
					return true
				}
			}
		}
		if it.sub != nil && inParallel(it.sub.items, target, inside) {
			return true
		}
	}
	return false
}

// returnedOutRe is the case handed back to whoever sent it in: "the
// referral is returned to the GP", "returns the form to the applicant".
var returnedOutRe = regexp.MustCompile(`(?i)\b(?:(?:is|are)\s+(?:then\s+)?(?:returned|sent\s+back|handed\s+back)|returns\s+(?:it|them|the\s+[a-z-]+)|sends\s+(?:it|them|the\s+[a-z-]+)\s+back)\s+to\s+(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\W*$`)

// reworkCueRe marks a return for rework, not for good: "for
// correction", "to complete it", "who corrects it".
var reworkCueRe = regexp.MustCompile(`(?i)\b(?:correct\w*|complet\w*|amend\w*|fix\w*|rework\w*|revis\w*|missing|again|resubmit\w*|re-submit\w*)\b`)

// returnedOut reports a closing clause that hands the case back to an
// outside party for good, ending its branch.
func returnedOut(s string) bool {
	m := returnedOutRe.FindStringSubmatch(strings.TrimSpace(s))
	return m != nil && isExternal(m[1]) && !reworkCueRe.MatchString(s)
}

// waitAgainRe is a branch that goes back to waiting: "… and waits
// again", "… and waits once more".
var waitAgainRe = regexp.MustCompile(`(?i)\bwait(?:s|ing)?\s+(?:again|once\s+more|anew)\b`)

// retryVerbs say only that the work is done once more: "tries again".
var retryVerbs = set(`try retry`)

// restartVerbs start a step over: "start again with measuring".
var restartVerbs = set(`start begin restart`)

// backToStepRe names the step the case goes back to: "goes back to
// investigating", "returns to checking the form".
var backToStepRe = regexp.MustCompile(`(?i)\b(?:go|goes|going|went|return|returns|returned|loop|loops|jump|jumps)\s+back\s+to\s+([a-z]+ing)\b|\breturns?\s+to\s+([a-z]+ing)\b|\b(?:starts?|begins?|started|began)\s+again\s+(?:with|from|at)\s+(?:the\s+)?([a-z]+ing)\b|\b(?:go|goes|going|went|return|returns|returned)\s+back\s+to\s+(?:the\s+)?([a-z]+)\b|\b(?:returns?|returned)\s+to\s+the\s+([a-z]+)\s+(?:step|stage|phase|task)\b`)

// backToStep finds the earlier step a sentence goes back to by its verb
// ("goes back to investigating": the last investigation before the
// sentence), or nil.
func (a *analyzer) backToStep(s string, before int) *draft {
	m := backToStepRe.FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	bases := map[string]bool{}
	if noun := firstNonEmpty(m[4], m[5]); noun != "" {
		// "… goes back to the review", "returns to the production
		// step": the step whose verb the noun names
		for _, b := range nounVerbs(strings.ToLower(noun)) {
			bases[b] = true
		}
	} else {
		w := firstNonEmpty(m[1], m[2], m[3]) // "… and we start again with measuring"

		b, f := verbForm(w)
		if f != formIng {
			return nil
		}
		bases[b] = true
	}
	for i := min(before, len(a.drafts)) - 1; i >= 0; i-- {
		e := a.drafts[i]
		if e.event == nil && !e.drop && e.item != nil && bases[firstWord(e.verb)] {
			return e
		}
	}
	return nil
}

// nounVerbs are the verbs a noun of work may name: "review" → review,
// "inspection" → inspect, "assessment" → assess, "approval" → approve,
// "validation" → validate, "diagnosis" → diagnose, "analysis" → analyse,
// "delivery" → deliver.
func nounVerbs(n string) []string {
	out := []string{n}
	if b, f := verbForm(n); f == formIng {
		out = append(out, b) // "the drafting" → draft
	}
	for _, sfx := range [][2]string{{"ation", "ate"}, {"ation", ""}, {"uction", "uce"}, {"ion", ""}, {"ion", "e"}, {"ment", ""}, {"al", "e"},
		{"osis", "ose"}, {"ysis", "yse"}, {"ysis", "yze"}, {"ance", ""}, {"ery", "er"}} {
		if strings.HasSuffix(n, sfx[0]) && len(n) > len(sfx[0])+2 {
			out = append(out, strings.TrimSuffix(n, sfx[0])+sfx[1])
		}
	}
	return out
}

// endStateRe is a closing clause that names the state the case is left
// in: "the request is cancelled", "the claim is closed as incomplete".
var endStateRe = regexp.MustCompile(`(?i)\b(?:the|this|that|such\s+an?)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|are|gets|get)\s+(?:then\s+|also\s+)?(cancell?ed|closed|rejected|declined|withdrawn|terminated|refused|abandoned|lapsed|expired|voided)(\s+as\s+[a-z-]+)?\b`)

// endState names the end of a branch after the state the sentence leaves
// the case in ("Claim closed as incomplete"), or "" when it names none.
func endState(s string) string {
	m := endStateRe.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return capitalise(strings.ToLower(m[1] + " " + m[2] + m[3]))
}

// "The setter adjusts the mould and the inspector measures the part until
// all dimensions are in tolerance", "The lab keeps testing the meter until
// two results agree".
var untilTailRe = regexp.MustCompile(`(?i)^(.{8,}?)[,]?\s+(?:until|till|til)\s+(.{4,}?)[.!]?$`)

// keepIngRe is "keeps doing": the step done over and over.
var keepIngRe = regexp.MustCompile(`(?i)\b(?:keeps?|kept|keep\s+on|keeps\s+on|continues?|continued|goes\s+on|go\s+on)\s+([a-z]+ing)\b`)

// untilTimeRe is an "until" of time or of a wait, not of a result: "until
// Friday", "until the end of the month", "until further notice", "until
// it is collected".
var untilTimeRe = regexp.MustCompile(`(?i)^(?:the\s+)?(?:end|next|close|deadline|start|beginning|\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|noon|midnight|further\s+notice|then|now|today|[a-z]+\s+(?:is|are|has\s+been|have\s+been)\s+(?:collected|picked\s+up|paid|received|delivered|returned|released))\b`)

// untilLoop reads a sentence that repeats its steps until a condition
// holds: the steps, then a decision on the condition whose "No" goes back
// to the first of them. Only with a sign of repetition ("keeps doing",
// "again", "repeat") or more than one step: "The parcel is held until the
// customer collects it" is a wait.
func (a *analyzer) untilLoop(r *reading) ([]*draft, bool) {
	m := untilTailRe.FindStringSubmatch(r.body)
	if m == nil || untilTimeRe.MatchString(m[2]) || a.b.open != nil || a.b.into != nil {
		return nil, false
	}
	head, cue := m[1], false
	if k := keepIngRe.FindStringSubmatchIndex(head); k != nil {
		if base, f := verbForm(head[k[2]:k[3]]); f == formIng {
			head = head[:k[0]] + "must " + base + head[k[3]:] // "keeps testing" → "must test"
			cue = true
		}
	}
	cue = cue || againRe.MatchString(head) || loopRe.MatchString(head)
	ds := a.clauses(head, r.s)
	if len(ds) == 1 && len(a.drafts) > 0 && a.drafts[len(a.drafts)-1] == ds[0] {
		// "Repeat the washing until the check passes": back to the
		// washing, no "repeat" step of its own
		if e := a.redoTarget(ds[0], len(a.drafts)-1); e != nil && a.b.addLoopCheck(m[2], e.performer, e.item, false) {
			ds[0].drop = true
			return ds, true
		}
	}
	if len(ds) == 0 || hasAlt(ds) || (!cue && len(ds) < 2) || !a.addRepeated(ds, r, m[2], false) {
		return nil, false
	}
	return ds, true
}

// addRepeated adds the steps of a sentence that repeats them and the
// decision on cond that closes the cycle back to the first step: while
// cond still holds (again), or until it holds. A step that waits (an
// event) is not work to repeat: then nothing is added.
func (a *analyzer) addRepeated(ds []*draft, r *reading, cond string, again bool) bool {
	for _, d := range ds {
		if d.event != nil {
			return false
		}
	}
	a.applyTimes(ds, r.work, r.wait)
	a.b.add(ds)
	if ds[0].item != nil {
		a.b.addLoopCheck(cond, ds[len(ds)-1].performer, ds[0].item, again)
	}
	return true
}

// asLongAsRe is a sentence whose steps go on as long as a condition
// holds: "As long as defects are found, the developer fixes them and the
// tester retests the build".
var asLongAsRe = regexp.MustCompile(`(?i)^(?:for\s+)?as\s+long\s+as\s+([^,]{3,120}?),\s+(.{8,}?)[.!]?$`)

// asLongAsLoop reads "As long as C, A and B": the steps, then a decision
// on C whose "Yes" goes back to the first of them.
func (a *analyzer) asLongAsLoop(r *reading) ([]*draft, bool) {
	m := asLongAsRe.FindStringSubmatch(r.body)
	if m == nil || a.b.open != nil || a.b.into != nil {
		return nil, false
	}
	ds := a.clauses(m[2], r.s)
	if len(ds) == 0 || hasAlt(ds) || !a.addRepeated(ds, r, m[1], true) {
		return nil, false
	}
	return ds, true
}

// redoVerbs name doing an earlier step once more: "repeats the
// reconciliation", "redoes the count".
var redoVerbs = set(`repeat redo rerun`)

// redoneStep loops the branch back to the earlier step that the
// sentence's last step repeats by name ("repeats the reconciliation"
// after "reconciles the accounts"; "repeats the repair" after "repairs
// the device"), dropping the "repeat" step; false when there is none.
func (a *analyzer) redoneStep(before int) bool {
	if before >= len(a.drafts) {
		return false
	}
	// the sentence's last step: "… the surgeon reviews them and the nurse
	// repeats the bloods" goes back to the bloods after the review
	d := a.drafts[len(a.drafts)-1]
	e := a.redoTarget(d, before)
	// (a loop into one branch of parallel work would wait forever at its
	// join)
	if e == nil || inParallel(a.b.seq, e.item, false) || !a.b.loopTo(e.item) {
		return false
	}
	d.drop = true
	return true
}

// redoTarget is the earlier step (before index before) that d, a
// "repeat" step, names ("repeats the reconciliation" after "reconciles
// the accounts", "repeat the washing" after "wash the plate"), or nil.
func (a *analyzer) redoTarget(d *draft, before int) *draft {
	if d.event != nil || !redoVerbs[firstWord(d.verb)] {
		return nil
	}
	ws := strings.Fields(strings.ToLower(d.object))
	if len(ws) == 0 {
		return nil
	}
	noun := trimPunct(ws[len(ws)-1])
	for i := before - 1; i >= 0; i-- {
		e := a.drafts[i]
		if e.event != nil || e.drop || e.item == nil {
			continue
		}
		v := firstWord(e.verb)
		if p := commonPrefix(v, noun); p >= 5 || (p == len(v) && p >= 4 && strings.HasSuffix(noun, "ing")) || sharedStems(d.object, e.object) > 0 && !redoVerbs[v] {
			return e
		}
	}
	return nil
}

// commonPrefix is how many leading letters a and b share.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
