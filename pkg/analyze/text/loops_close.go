package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// noneRe is a closing clause denying the case everything further:
// "the hire gets no laptop and no payroll record", "they receive no
// refund".
var noneRe = regexp.MustCompile(`(?i)(?:^\W*|[,;:]\s*)(?:it|they|(?:the|this|that|these|those|such\s+an?)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:gets|get|receives|receive|is\s+given|are\s+given)\s+no\s+[a-z]`)

// noneDoneRe is a closing clause saying the thing the positive outcome
// makes is not made for this case: "; no learning agreement is drawn up
// for that student", "and no grant is paid", "no account is created".
// Only completions: "no approval is needed" ends nothing.
var noneDoneRe = regexp.MustCompile(`(?i)(?:^\W*|[,;:]\s*|\s(?:and|so)\s+)no\s+[a-z-]+(?:\s+[a-z-]+)?\s+(?:is|are|gets|will\s+be)\s+(?:ever\s+|then\s+)?(?:drawn\s+up|set\s+up|carried\s+out|paid(?:\s+out)?|sent|issued|made|granted|created|opened|booked|disbursed|released|shipped|ordered|delivered|refunded|signed|scheduled|installed|started|produced|placed|offered|given|credited|transferred|hired|admitted|done|dispatched|activated|reimbursed|awarded|concluded|printed)(?:\s+(?:to|for|in|into)\s+(?:the\s+|that\s+|this\s+|an?\s+|their\s+|his\s+|her\s+)?[a-z-]+(?:\s+[a-z-]+)?)?\W*$`)

// notCarriedOn reports whether a sentence closes by saying the case is
// not carried on: "it is not shipped", "no grant is paid".
func notCarriedOn(s string) bool {
	return negEndRe.MatchString(s) || noneDoneRe.MatchString(s) || noActionRe.MatchString(s)
}

// subsetNoteRe is a sentence about the cases a relative clause picks out
// ("A pull request that the maintainer closes … is never merged"), not
// about the case the text is following.
var subsetNoteRe = regexp.MustCompile(`^(?i:an?|any|every)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:that|which|who)\s+`)

// closeSentence runs once a sentence's steps are in the flow (those from
// index before on): "… and the process ends" ends the branch; "… and
// submits it again" loops back to the step before the decision; "for
// each" repeats the sentence's steps per item. A sentence with no step
// of its own goes to closeStepless, one with steps to closeSteps and
// then markForEach.
func (a *analyzer) closeSentence(s string, before int) {
	a.sentenceEndState(s, before)
	defer func() { a.b.endState, a.b.whetherLast = "", nil }()
	if a.count == before {
		a.closeStepless(s, before)
		return
	}
	a.closeSteps(s, before)
	a.markForEach(s, before)
}

// sentenceEndState sets the state the sentence ends its branch in ("…
// and the claim is closed") and remembers it for the next sentence.
func (a *analyzer) sentenceEndState(s string, before int) {
	a.b.endState = endState(s)
	prev := a.lastEndState
	a.lastEndState = a.b.endState
	if a.b.endState == "" && a.count == before {
		// "A rejected study is closed …; it is never registered": a
		// sentence with no step of its own that ends the branch ends it
		// in the state the sentence before named
		a.b.endState = prev
	}
}

// closeStepless closes a sentence with no step of its own: it ends the
// branch the last sentence opened, sends it to a numbered step, loops it
// back to an earlier party's step or marks the last step as repeated.
func (a *analyzer) closeStepless(s string, before int) {
	if a.failedGoBack(s) {
		// "… re-inspects them. Parts that fail re-inspection go back to
		// rework": the branch goes round
		return
	}
	if subsetNoteRe.MatchString(s) {
		// "A pull request that the maintainer closes as won't fix is
		// never merged": a rule about some cases, stated aside; it
		// ends no branch the text is following
		return
	}
	if endRe.MatchString(s) {
		// "3. If …, the handler rejects the claim. The process ends.":
		// a sentence of its own ends the branch the last one opened
		a.b.endHere()
		return
	}
	if stepJumpRe.MatchString(s) && a.jumpToStep(s, before) {
		// "…; the pull request goes back to step 2": a sentence of
		// its own sends the branch the last one opened to that step
		return
	}
	if negEndRe.MatchString(s) {
		// "If the part fails, it is not shipped.": the branch ends
		// unless a rework loop follows
		a.b.endSoft()
		return
	}
	if noneRe.MatchString(s) || noneDoneRe.MatchString(s) || noActionRe.MatchString(s) {
		// "… the hire is cancelled. A cancelled hire gets no laptop
		// and no payroll record.": the branch ends, as for "it is
		// not shipped"
		a.b.endSoft()
		return
	}
	if a.goBackStepless(s, before) {
		// "If the road test fails, go back to the repair": the
		// decision's branch returns to the repair
		return
	}
	if backRe.MatchString(s) && !(forwardPurposeRe.MatchString(s) && !reworkCueRe.MatchString(s)) {
		// "If there is a conflict, the request goes back to the line
		// manager": no step of its own, a loop to the manager's step
		// ("… returns to the claims handler for settlement" goes on
		// with the settlement, no rework)
		if e := a.backTo(s); e != nil {
			a.b.loopEmptyBranch(e.item)
		}
	}
	if loopRe.MatchString(s) && a.last != nil && a.last.marker == "" {
		a.last.marker = process.MarkerSequential // "This is repeated for each aisle"
	}
}

// closeSteps closes a sentence with steps of its own (from index before
// on): the first rule that holds ends the branch, jumps to a numbered
// step, or loops back to a step done before.
func (a *analyzer) closeSteps(s string, before int) {
	switch {
	case subsetNoteRe.MatchString(s) && endRe.MatchString(s):
		// "A pull request that the maintainer closes as won't fix is
		// never merged": a rule about some cases, no work of the case
		// followed and no end of its branch
		for _, d := range a.drafts[before:] {
			d.drop = true
		}
	case endRe.MatchString(s):
		a.b.endHere()
	case stepJumpRe.MatchString(s) && a.jumpToStep(s, before):
		// "… recounts the coins and goes back to step 2", "… writes a
		// report and goes to step 5": the branch goes on at that step
	case a.failedGoBack(s):
		// "…; parts that fail re-inspection go back to rework"
	case a.restartLoop(s, before):
		// "… and the agent has to start over with a new video call"
	case notCarriedOn(s) && !againRe.MatchString(s) && !backRe.MatchString(s):
		// "…; no learning agreement is drawn up for that student" ends
		// the branch as "it is not shipped" does
		a.b.endSoft()
	case returnedOut(s):
		// "… the slot is released and the referral is returned to the
		// GP": the case leaves for the outside party; a rework loop
		// that follows replaces the end
		a.b.endSoft()
	case a.redoneStep(before):
		// "If the figures still do not match, the accountant repeats the
		// reconciliation": back to the reconciliation
	case renewedRe.MatchString(s) && !againRe.MatchString(s):
		// "… and the planner sends a new offer": back to the first offer
		if d, e := a.repeated(before); e != nil && a.b.loopTo(e.item) {
			d.drop = true
		}
	case a.goBackToStep(s, before):
	case (backRe.MatchString(s) || sentBackRe.MatchString(s)) && !againRe.MatchString(s):
		a.handedBack(s, before)
	case waitAgainRe.MatchString(s) && a.b.loopToOpen():
		// "… sends a reminder and waits again": back to the wait for
		// the answer, not to the step before it
	case againRe.MatchString(s):
		a.doneAgain(s, before)
	}
}

// goBackToStep loops back to the step the sentence names ("If the
// verification fails, the engineer goes back to investigating": back to
// the investigation, no step of its own). It reports whether the
// sentence names such a step outside parallel work (a jump into one
// branch of parallel work would wait forever at its join).
func (a *analyzer) goBackToStep(s string, before int) bool {
	e := a.backToStepOutsideParallel(s, before)
	if e == nil {
		return false
	}
	for _, d := range a.drafts[before:] {
		if d.event == nil && (firstWord(d.verb) == "go" || firstWord(d.verb) == "return" && d.object == "" || restartVerbs[firstWord(d.verb)] && againRe.MatchString(d.object)) {
			d.drop = true // "… and we start again with measuring", "… and returns to scheduling": the jump, no step
		}
	}
	a.b.loopTo(e.item)
	return true
}

// handedBack loops work handed back ("… sends it back to the clerk": back
// to the clerk's last step).
func (a *analyzer) handedBack(s string, before int) {
	if e := a.resubmittedTo(before); e != nil && !isExternal(e.performer) {
		a.b.loopTo(e.item)
	} else if d := a.lastDraft(); d != nil && a.b.open != nil && !a.b.open.whether && reworkCueRe.MatchString(s) && d.event == nil && handBackVerbs[firstWord(d.verb)] && d != a.drafts[before] {
		// "If information is missing, the analyst sends the form
		// back to the supplier, and the supplier corrects and
		// returns it": the corrected form comes back to the step
		// before the decision
		a.b.loopBack()
	} else if d := a.lastDraft(); d != nil && a.b.open == nil && !backRe.MatchString(s) && !handBackVerbs[firstWord(d.verb)] {
		// "… approves the draft or sends it back, and the clerk
		// revises it": the returning branch goes back to the work
		// in front of the choice
		a.b.loopChoice(d, true)
	}
}

// doneAgain loops a step done again back to where it was first done; a
// new step ("corrects and resubmits") returns to the step before the
// decision.
func (a *analyzer) doneAgain(s string, before int) {
	if a.loopFirstRepeated(before) {
		// "… fixes the job and restores again, and the owner checks
		// again": back to the restore
	} else if d, e := a.repeated(before); e != nil && a.b.loopsBackTo(e.item) {
		// "…; the broker corrects it and resubmits; the assistant
		// checks it again": the check the branch already returns to
		d.drop = true
	} else if d, e := a.repeated(before); e != nil && a.b.loopTo(e.item) {
		d.drop = true
	} else if e := a.resubmittedTo(before); e != nil && a.b.loopTo(e.item) {
		// "… corrects it and resubmits it to the line manager": back
		// to the manager's last step
	} else if e := a.retriedBy(before); e != nil && a.b.loopTo(e.item) {
		// "…, dispatch plans the parcel on that day's route and the
		// driver tries again": back to the driver's attempt
		a.lastDraft().drop = true
	} else if a.b.loopBack() {
		if d := a.lastDraft(); d != nil && d.event == nil && retryVerbs[firstWord(d.verb)] && (strings.Trim(strings.ToLower(d.object), " .") == "" || strings.EqualFold(strings.TrimSpace(d.object), "again")) {
			d.drop = true // "… escalates and tries again": the loop, no step
		}
	} else if a.b.open == nil {
		// "… either approves it, or returns it and the clerk
		// submits it again": the returning branch of the choice
		if !a.b.loopChoice(a.lastDraft(), false) {
			a.repeatInFlow(s, before)
		}
	}
}

// markForEach marks the sentence's steps as repeated per item ("for
// each aisle"): in parallel, or one after another when the sentence
// says it repeats.
func (a *analyzer) markForEach(s string, before int) {
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
}

// forwardPurposeRe is the purpose a case is handed back for: "…
// returns to the claims handler for settlement".
var forwardPurposeRe = regexp.MustCompile(`(?i)\bfor\s+(?:the\s+|its\s+|their\s+)?(?:settlement|payment|processing|closure|completion|approval|signature|filing|booking|release|dispatch|archiving)\b`)

// sentBackRe is work handed back without saying to whom: "… or sends it
// back, and the clerk revises it".
var sentBackRe = regexp.MustCompile(`(?i)\b(?:sends?|sent|hands?|handed|gives?|gave|passes|passed)\s+(?:it|them|the\s+[a-z]+)\s+back\b`)
