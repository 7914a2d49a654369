package text

import (
	"context"

	"github.com/spade-bpmn/spade/pkg/process"
)

// maxActivities caps the flow: beyond this a diagram stops being readable
// and the document is most likely reference material, not a procedure.
const maxActivities = 60

// maxSentence caps the bytes read from one sentence.
const maxSentence = 1500

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
	// writer is the role an e-mail's sender signs with: who "I" is.
	writer string
	// cues are what the whole text says about who is outside beyond a
	// party's own name ("PrintCo (the printer)", "books space with the
	// shipping line").
	cues partyCues
	// personRoles are the roles of the people a transcript's speakers
	// and roster name, by their lower-case names: "Jonas sends a
	// reminder" is the payments clerk's step.
	personRoles map[string]string
	lastObject  string
	// lastThing is the last object that is no printed paper: what "it"
	// is when someone collects, ships or delivers it (carried.go).
	lastThing string
	// nextSentence is the sentence after the one being read in its
	// paragraph: "When X, A." decides like "if" when it is "Otherwise B."
	nextSentence string
	participants []string
	canon        map[string]string
	actors       actorIndex // participants by the keys names are matched on
	section      int        // sectionNormal, sectionSkip, sectionInputs, sectionOutputs
	pendingIn    []string
	last         *draft
	count        int
	drafts       []*draft // every activity, in document order
	docActor     string   // "intended for trained staff": who does the imperatives
	describe     map[string]string
	table        *tableHead // header of the table being read
	// stateBranchAt is a.count after the last list item read as a
	// state and its step ("damaged: … reports the damage"), 0 if none:
	// a sibling item right after it is another branch of that decision
	stateBranchAt int
	// rowActor marks a table row whose role column names who acts: an
	// outside party named there does its own step
	rowActor  bool
	lastTo    string // a known person the last step handed work to
	lastPron  string // "he" or "she" of the last step
	sectionNo int
	// sectionNames are the headings by section number, for the note on
	// a text that describes unrelated processes.
	sectionNames map[int]string
	// cutSentences counts the passages read only in part: no real
	// sentence runs on for more than maxSentence bytes.
	cutSentences int
	headings     []string // the document's headings, for a text without steps
	pendingTimer string   // the sentence's wait or deadline, not yet placed
	// lastEndState is the state the last sentence left the case in
	// ("Study rejected"), for a closing sentence that names none.
	lastEndState string
	// pendingMessage is the message the sentence's lead-in waits for,
	// not yet placed.
	pendingMessage string
	// ctx bounds the reading: a cancelled analysis stops between blocks.
	ctx context.Context
	// aliases maps acronyms the text defines to their long forms.
	aliases map[string]string
	// lastInternal is the last performer inside the organisation, and
	// lastExternal the last one outside it ("… to them").
	lastInternal string
	lastExternal string
	// lastAddressed is the outside party the last step addressed or
	// sent to: who "they" are right after "we email the applicant"
	lastAddressed string
	// lastRecipient is whoever the last step handed something to ("…
	// sends the job profile to the agency"), known or not: who "they"
	// are when they then send something to us.
	lastRecipient string
	// theyParty is the last outside organisation or group handed
	// something ("… to the city film office"): who "they" are after a
	// single person of ours acted (theyParty).
	theyParty string
	// toUs are the parties found doing something to us (towardUs):
	// outside the organisation.
	toUs []string
	// lastActorPron is the pronoun that named lastActor ("" when a noun
	// did), and lastSingular the last one person named: "he"/"she" after
	// "they" mean that person.
	lastActorPron string
	// lastEvent is the last message event a "waits for" made: a lead-in
	// catching the same message adds no second one.
	lastEvent *draft
	// steps are the first activities of numbered list items, by their
	// step key ("4", "4.1", "4.1.2", "4b": stepKey); a key a sub-step
	// gave its parent ("4" from "4.1") is in derived.
	steps   map[string]*draft
	derived map[string]bool
	// jumps are the jumps ahead to numbered steps not read yet, by
	// step key ("… and go to step 7").
	jumps map[string][]*item
	// lastQuestion is the last question the text asked: what "If yes"
	// answers.
	lastQuestion string
	// lastMeasure is what the text last measured in percent
	// ("deviation"): what a bare "Above 2 %" is said of.
	lastMeasure string
	// lastClause is the clause of the last step: the party it names last
	// is who "the latter" is.
	lastClause   *clause
	lastSingular string
	// condActor is the subject of the sentence's condition or lead-in:
	// who "he"/"she"/"they" of the main clause is.
	condActor string

	// sentBack marks a sentence rewritten from "… goes back to the
	// manager, who either …": the branches of the manager's choice that
	// go on return to the step before the decision.
	sentBack bool
	// onBranch is set while the clauses of a decision's branch are read
	// ("If …, A until C"): a repetition then loops inside the branch
	onBranch bool
	// announced are the outcomes a sentence listed ("one of three
	// things: …"), by their words' stems, and announcedHit whether a
	// label after it named one (choices_announced.go)
	announced    [][]string
	announcedHit bool
	// announcedLabel1 is an outcome label cut off as a sentence of its
	// own ("Not suited."): the case of the next sentence
	announcedLabel1 string
}

const (
	sectionNormal = iota
	sectionSkip
	sectionInputs
	sectionOutputs
)

func newAnalyzer() *analyzer {
	return &analyzer{canon: map[string]string{}, describe: map[string]string{}, steps: map[string]*draft{}, derived: map[string]bool{}, jumps: map[string][]*item{}, ctx: context.Background(), actors: newActorIndex()}
}

// Analyze builds a process model from document text: a transcript is read
// by speaker, any other text by its sentences, lists and tables. It stops
// early when ctx is cancelled (the caller checks ctx.Err()); the model is
// then incomplete.
func Analyze(ctx context.Context, text, filename string) process.Model {
	a := newAnalyzer()
	a.ctx = ctx
	a.cues = readCues(text)
	if turns := transcript(ctx, text); turns != nil {
		a.transcript(turns)
		return a.finish(filename, text)
	}
	// "Oh and if …" at the end: read where its case happens
	// "First the bad news: if …, we stop there": where the case happens
	doc := placeAfterthoughts(summaryFirst(text))
	if prose, ok := gherkinProse(doc); ok {
		// a Gherkin feature file: its scenarios read as decisions
		a.document(prose)
	} else if letter, ok := letterTo(doc); ok {
		// "Dear applicant, … you resend …": the addressee's part
		a.writer = writerRole(doc)
		a.document(letter)
	} else if manual, ok := youLegend(doc); ok {
		// "In this module "you" are the teller": the reader's part
		a.writer = writerRole(doc)
		a.document(manual)
	} else if page, ok := customerPage(doc); ok {
		// "we refund the price to your payment method": a page to the
		// customer, whose part "you" is
		a.writer = writerRole(doc)
		a.document(page)
	} else {
		a.writer = writerRole(doc)
		a.document(doc)
	}
	return a.finish(filename, text)
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
