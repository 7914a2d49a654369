package text

import (
	"context"
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/textshape"
)

// turn is what one speaker said, in order.
type turn struct {
	speaker string
	// role is what the label says the speaker does: "Maria (Change
	// Manager)".
	role string
	text string
	// roster is a list of participants with their roles ("Participants:
	// Tom Riley (consultant), …"), in a turn of its own.
	roster string
}

// selfRoleRe is a speaker saying what they do: "I'm the change manager",
// "as the team lead I …", "I lead the implementation team", "you're
// through to Marta in the lending team".
var selfRoleRe = regexp.MustCompile(`(?i)\b(?:I'm|I am|I work as|as)\s+(?:the|a|an|our)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})|\bI\s+(?:lead|run|head|manage)\s+(?:the|our)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+(?:team|department|desk|group|office|unit))\b|\bI'm\s+(?:on|in|part of)\s+(?:the|our)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+(?:team|department|desk|group|office|unit))\b|\byou(?:'re|\s+are)\s+(?:through|speaking|talking)\s+to\s+[a-z][\w'-]*\s+(?:in|from|of|on)\s+(?:the|our)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+(?:team|department|desk|group|office|unit))\b`)

// rosterRe is a transcript's list of who took part: "Participants: Tom
// Riley (consultant), Sandra Okafor (Team Lead, Property Claims)".
var rosterRe = regexp.MustCompile(`(?i)^\s*(?:participants|attendees|present|speakers|in attendance|on the call|people|attending)\s*:\s*(.+)$`)

// rosterEntryRe is one person of a roster or a speaker label with the
// role in brackets.
var rosterEntryRe = regexp.MustCompile(`([A-Z][\p{L}.'-]*(?:\s+[A-Z][\p{L}.'-]*){0,3})\s*\(([^)]{2,60})\)`)

// honorifics stand before a name and are no part of what the person is
// called in a turn label ("Dr. Elif Sahin" speaks as "Elif").
var honorifics = set(`dr dr. mr mr. mrs mrs. ms ms. prof prof. sir mx mx.`)

// roleIn picks the role out of a bracket that may also hold a name or a
// unit: "Team Lead, Property Claims" → "Team Lead"; "Lina, Customer Care"
// → "Customer Care".
func roleIn(s string) string {
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part != "" && isAgent(part) {
			return titleCase(part)
		}
	}
	return ""
}

// nameKeys are the ways a transcript refers to a person: the full name
// and the first name without a title ("Dr. Elif Sahin" → "elif sahin",
// "elif").
func nameKeys(name string) []string {
	ws := strings.Fields(strings.ToLower(name))
	for len(ws) > 1 && honorifics[ws[0]] {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return nil
	}
	keys := []string{strings.ToLower(strings.TrimSpace(name)), strings.Join(ws, " ")}
	if len(ws) > 1 {
		keys = append(keys, ws[0], ws[len(ws)-1])
	}
	return keys
}

// roles finds the role each speaker states, in the label or in what they
// say, so that the lane is the role ("Change Manager"), never the
// speaker's name: a person is not a lane. roster holds the roles a list
// of participants gave, by lower-case name keys.
func roles(turns []turn, roster map[string]string) map[string]string {
	out := map[string]string{}
	byName := labelledNames(turns, roster)
	for _, t := range turns {
		if t.speaker == "" || out[t.speaker] != "" {
			continue
		}
		if r, ok := speakerRole(t, byName); ok {
			out[t.speaker] = r
		}
	}
	return out
}

// labelledNames is the role of each person by lower-case name keys: the
// roster's, then the labels'. A label names the role once ("Farida
// Haddad (Licensing Officer)"), later turns only the first name
// ("Farida:"); a role label may name the person in brackets ("Agent
// (Lina, Customer Care)").
func labelledNames(turns []turn, roster map[string]string) map[string]string {
	byName := map[string]string{}
	for k, v := range roster {
		byName[k] = v
	}
	for _, t := range turns {
		if t.speaker == "" {
			continue
		}
		if r := roleIn(t.role); r != "" && !isAgent(t.speaker) {
			for _, k := range nameKeys(t.speaker) {
				if byName[k] == "" {
					byName[k] = r
				}
			}
		}
		if isAgent(t.speaker) && t.role != "" {
			for _, part := range strings.Split(t.role, ",") {
				if part = strings.TrimSpace(part); part != "" && !isAgent(part) {
					for _, k := range nameKeys(part) {
						if byName[k] == "" {
							byName[k] = titleCase(t.speaker)
						}
					}
				}
			}
		}
	}
	return byName
}

// speakerRole is the role of a turn's speaker: a role label with names
// ("Agent (Lina, …)"), the role in the label, the role byName holds for
// the speaker or their first name, or the role they say they have; ok
// is false when none is found.
func speakerRole(t turn, byName map[string]string) (string, bool) {
	if isAgent(t.speaker) && t.role != "" {
		return titleCase(t.speaker), true // "Agent (Lina, …)": the label is the role
	}
	if r := roleIn(t.role); r != "" {
		return r, true
	}
	if r := byName[strings.ToLower(t.speaker)]; r != "" {
		return r, true
	}
	if ks := nameKeys(t.speaker); len(ks) > 1 && byName[ks[1]] != "" {
		return byName[ks[1]], true
	}
	return selfRole(t.text)
}

// selfRole is the role a speaker says they have ("I'm the change
// manager, and …"), up to the role word; ok is false when they say none.
func selfRole(text string) (string, bool) {
	for _, m := range selfRoleRe.FindAllStringSubmatch(text, -1) {
		r := firstNonEmpty(m[1], m[2], m[3], m[4])
		ws := strings.Fields(r)
		for i, w := range ws {
			if roleWords[norm(w)] {
				ws = ws[:i+1]
				break
			}
		}
		if np := strings.Join(ws, " "); isAgent(np) && roleWords[norm(ws[len(ws)-1])] {
			return titleCase(np), true
		}
	}
	return "", false
}

var (
	// askerRoles lead a conversation without doing its work.
	askerRoles = set(`interviewer facilitator moderator host note-taker notetaker`)
	// firstPersonRe finds a speaker stating work: "I check", "we send".
	firstPersonRe = regexp.MustCompile(`(?i)\b(?:I|we|my|our|I'm|I'll|we'll|we're)\b`)
	speakerRe     = regexp.MustCompile(`^\s*(?:[\[(]?(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?\s+|\d{4}-\d{2}-\d{2}[ T]|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?,?\s+)?(\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?)[\])]?\s*[-–|·•]?\s*)?([A-Z][\p{L}.'-]*(?:\s[A-Z][\p{L}.'-]*){0,3}|Speaker\s*\d+)\s*(?:\(([^)]{1,40})\))?\s*(?:[\[(]\d{1,2}:\d{2}(?::\d{2})?[\])])?\s*:\s+(.+)$`)
	vttVoiceRe    = regexp.MustCompile(`^\s*<v\s+([^>]+)>\s*(.*?)(?:</v>)?\s*$`)
	cueRe         = regexp.MustCompile(`^\s*(\d+|WEBVTT.*|\d{1,2}:\d{2}(:\d{2})?([.,]\d+)?\s*-->.*)\s*$`)
	notSpeaker    = set(`note notes warning caution step inputs outputs input output date time subject re to from cc bcc
		alt speed example type tip important todo phone email fax tel web url source attendees agenda location
		duration title version status owner purpose scope mission parameter setting result answer question q a`)
)

// transcript splits a speaker-labelled text ("Anna: …", "[00:01:02] Anna:
// …", WebVTT voices) into turns, or returns nil when the text is not a
// transcript: most of its lines must be speaker lines.
func transcript(ctx context.Context, text string) []turn {
	lines := strings.Split(normaliseText(text), "\n")
	var turns []turn
	// more holds the lines that carry on each turn, joined once at the
	// end: appending to the turn's text would copy it on every line
	var more [][]string
	title := ""
	nonEmpty, speakerLines := 0, 0
	speakers := map[string]int{}
	for i, l := range lines {
		if i&1023 == 0 && ctx.Err() != nil {
			return nil
		}
		t := strings.TrimSpace(l)
		if t == "" || cueRe.MatchString(t) {
			continue
		}
		nonEmpty++
		if m := rosterRe.FindStringSubmatch(t); m != nil && rosterEntryRe.MatchString(m[1]) {
			// the roster: who is who, no turn
			turns = append(turns, turn{roster: m[1]})
			more = append(more, nil)
			speakerLines++
			continue
		}
		if m := vttVoiceRe.FindStringSubmatch(t); m != nil {
			speakerLines++
			speakers[m[1]]++
			turns = append(turns, turn{speaker: strings.TrimSpace(m[1]), text: m[2]})
			more = append(more, nil)
			continue
		}
		if m := speakerRe.FindStringSubmatch(t); m != nil && !notSpeaker[strings.ToLower(m[2])] {
			speakerLines++
			speakers[m[2]]++
			turns = append(turns, turn{speaker: strings.TrimSpace(m[2]), role: strings.TrimSpace(m[3]), text: m[4]})
			more = append(more, nil)
			continue
		}
		if len(turns) > 0 {
			more[len(more)-1] = append(more[len(more)-1], t)
		} else if title == "" {
			title = t
		}
	}
	if speakerLines < 3 || speakerLines*2 < nonEmpty {
		return nil
	}
	for i, ls := range more {
		if len(ls) > 0 {
			turns[i].text += " " + strings.Join(ls, " ")
		}
	}
	if title != "" && wordCount(title) <= 12 {
		turns = append([]turn{{text: title}}, turns...) // speakerless: the title
	}
	return turns
}

// transcript reads a conversation: each speaker is a participant, and what
// a speaker says they (or "we") do becomes their activities.
func (a *analyzer) transcript(turns []turn) {
	role := a.speakerRoles(turns)
	if sp := addressedSpeaker(turns, role); sp != "" && outsideSpeaker(turns, role) == "" {
		// "MR OKAFOR: I'd like a higher overdraft": the one speaker
		// addressed as Mr or Ms, with no role, is the customer
		role[sp] = "Customer"
	}
	outside := outsideSpeaker(turns, role)
	var speakers []string
	seen := map[string]bool{} // lower-case speakers, for a linear read
	asked := ""
	for _, t := range turns {
		if a.ctx.Err() != nil {
			return
		}
		if t.roster != "" {
			continue
		}
		if c := caseQuestion(t.text); c != "" && t.speaker != "" {
			asked = c // "and if it isn't?": the next turn answers that case
			continue
		}
		t.text, asked = askedCase(asked, t.text), ""
		if sp := a.transcriptTurn(t, role, outside); sp != "" && !seen[strings.ToLower(sp)] {
			seen[strings.ToLower(sp)] = true
			speakers = append(speakers, sp)
		}
	}
	a.speaker = ""
	// speakers who only asked questions still took part
	for _, s := range speakers {
		a.describe[a.performer(s)] = "Speaker in the conversation"
	}
	if a.purpose == "" && len(speakers) > 0 {
		a.purpose = "Process as described in a conversation between " + strings.Join(speakers, ", ") + "."
	}
}

// speakerRoles is the role of each speaker, from the roster lines
// ("Jonas (team lead)") and the turns; the people of the roster and
// the speakers who are no agent become the analyzer's person roles, so
// that people named as performers ("Jonas sends a reminder") are their
// roles too.
func (a *analyzer) speakerRoles(turns []turn) map[string]string {
	roster := map[string]string{}
	for _, t := range turns {
		for _, m := range rosterEntryRe.FindAllStringSubmatch(t.roster, -1) {
			if r := roleIn(m[2]); r != "" {
				for _, k := range nameKeys(m[1]) {
					roster[k] = r
				}
			}
		}
	}
	role := roles(turns, roster)
	a.personRoles = map[string]string{}
	for k, r := range roster {
		a.personRoles[k] = r
	}
	for sp, r := range role {
		if !isAgent(sp) {
			for _, k := range nameKeys(sp) {
				a.personRoles[k] = r
			}
		}
	}
	return role
}

// transcriptTurn reads one turn of a speaker (or the speakerless title)
// and returns the speaker as the performer of its steps, trimmed, or ""
// when the turn is the title, the interviewer's or a person's with no
// role who states no work of their own.
func (a *analyzer) transcriptTurn(t turn, role map[string]string, outside string) string {
	if outside != "" && t.speaker != "" && !strings.EqualFold(firstNonEmpty(role[t.speaker], t.speaker), outside) {
		// "I send you the guide" to the caller: "you" is the
		// outside party on the line
		t.text = addressed(t.text, outside)
	}
	if t.speaker == "" {
		a.name = trimPunct(t.text)
		return ""
	}
	name := titleCase(t.speaker)
	if r := role[t.speaker]; r != "" {
		name = r
	} else if team := titleTeam(a.name); team != "" && firstPersonRe.MatchString(t.text) && !isAgent(t.speaker) {
		// a person with no role of their own works for the team the
		// title names ("walk-through (forwarding team)"): a person is
		// no lane
		name = team
	} else if askerRoles[strings.ToLower(t.speaker)] {
		// the interviewer asks and prompts: no step, no lane
		return ""
	} else if !firstPersonRe.MatchString(t.text) {
		// a person with no role who states no work of their own:
		// what they say names its own performers, and the person is
		// no lane
		a.speaker = ""
		for _, s := range sentences(t.text) {
			a.sentence(s, false)
		}
		return ""
	}
	a.speaker = a.performer(name)
	sp := strings.TrimSpace(a.speaker)
	text := t.text
	if _, body, ok := textshape.Item(strings.TrimSpace(text)); ok {
		text = body // "2) if the CV fits I schedule …": a numbered point of the turn
	}
	for _, s := range sentences(chatStops(text)) {
		a.sentence(s, false)
	}
	return sp
}

// titleTeamRe is the team, office or desk a title names: "(forwarding
// team)", "hospital referral office".
var titleTeamRe = regexp.MustCompile(`(?i)\b((?:[a-z]+\s+)?[a-z]+\s+(?:team|office|department|desk))\b`)

// titleTeam is the team a transcript's title names, title-cased, or "".
func titleTeam(title string) string {
	m := titleTeamRe.FindStringSubmatch(title)
	if m == nil {
		return ""
	}
	ws := strings.Fields(m[1])
	if len(ws) == 3 && (determiners[strings.ToLower(ws[0])] || prepositions[strings.ToLower(ws[0])]) {
		ws = ws[1:] // "the claims team", "for the claims team"
	}
	return titleCase(strings.Join(ws, " "))
}

// outsideSpeaker is the outside party a conversation is held with, by
// its role or label ("Customer (Ms Okafor)", "Caller"), or "" when no
// speaker is one or more than one is.
func outsideSpeaker(turns []turn, role map[string]string) string {
	found := ""
	for _, t := range turns {
		if t.speaker == "" {
			continue
		}
		name := firstNonEmpty(role[t.speaker], t.speaker)
		if !isExternal(name) {
			continue
		}
		if found != "" && !strings.EqualFold(found, name) {
			return ""
		}
		found = name
	}
	return strings.ToLower(found)
}

// formalTitles are the honorifics a business addresses the party it
// serves with; "Dr" and "Prof" are as often staff.
var formalTitles = set(`mr mr. mrs mrs. ms ms. miss`)

// addressedSpeaker is the label of the one speaker with no role whose
// label starts with a formal title ("MR OKAFOR", "Ms Lee"), or "" when
// there is none or more than one.
func addressedSpeaker(turns []turn, role map[string]string) string {
	found := ""
	for _, t := range turns {
		ws := strings.Fields(strings.ToLower(t.speaker))
		if len(ws) < 2 || role[t.speaker] != "" || !formalTitles[ws[0]] || t.speaker == found {
			continue
		}
		if found != "" {
			return ""
		}
		found = t.speaker
	}
	return found
}

// youRe finds "you" after the word before it: "send you", "to you".
var youRe = regexp.MustCompile(`(?i)\b([a-z][a-z-]*)\s+you\b`)

// addressed writes "you" as the outside party a turn is said to where
// the party receives something: "I'm e-mailing you the link" → "I'm
// e-mailing the customer the link", "sent to you" → "sent to the
// customer". "Thank you", "can you" and "you" as the subject stay.
func addressed(text, party string) string {
	np := "the " + party
	return youRe.ReplaceAllStringFunc(text, func(m string) string {
		sm := youRe.FindStringSubmatch(m)
		w := norm(sm[1])
		if w == "to" || w == "for" {
			return sm[1] + " " + np
		}
		if modals[w] || auxBe[w] || w == "thank" || w == "do" || w == "does" || w == "did" || w == "let" || w == "if" {
			return m
		}
		if _, f := verbForm(sm[1]); f == formNone {
			return m
		}
		return sm[1] + " " + np
	})
}

// dearRe is a letter's salutation to a party by its role: "Dear
// applicant,", "Dear Customer".
var dearRe = regexp.MustCompile(`(?i)^\s*dear\s+([a-z][a-z -]{2,30}?)\s*[,:]?\s*$`)

// secondPersonRe finds the second person with the verb forms that change
// with it.
var secondPersonRe = regexp.MustCompile(`(?i)\b(?:you(?:'ll|’ll)|you(?:'d|’d)|you(?:'ve|’ve)|you(?:'re|’re)|your|yours|you)\b`)

// letterTo rewrites a letter to an outside party by its role ("Dear
// applicant,") in the third person, so that what "you" do and receive is
// that party's: "we write to you and you resend the form" → "we write to
// the applicant and the applicant resends the form". ok is false for any
// other text.
func letterTo(text string) (string, bool) {
	first := ""
	for _, l := range strings.SplitN(text, "\n", 8) {
		if strings.TrimSpace(l) != "" {
			first = l
			break
		}
	}
	m := dearRe.FindStringSubmatch(first)
	if m == nil || !isExternal(m[1]) {
		return "", false
	}
	return thirdPerson(text, strings.ToLower(strings.TrimSpace(m[1]))), true
}

// thirdPerson rewrites the second person of text as the party: "you
// resend the form" → "the applicant resends the form".
func thirdPerson(text, party string) string {
	np := "the " + party
	return secondPersonRe.ReplaceAllStringFunc(text, func(w string) string {
		l := strings.ToLower(strings.ReplaceAll(w, "’", "'"))
		out := np
		switch {
		case strings.HasSuffix(l, "'ll"):
			out = np + " will"
		case strings.HasSuffix(l, "'d"):
			out = np + " would"
		case strings.HasSuffix(l, "'ve"):
			out = np + " has"
		case strings.HasSuffix(l, "'re"):
			out = np + " is"
		case l == "your" || l == "yours":
			out = np + "'s"
		}
		if w[0] >= 'A' && w[0] <= 'Z' {
			out = capitalise(out)
		}
		return out
	})
}

// chatStops capitalises a word after a full stop in a chat turn, where
// sentences often start in lower case ("I decide. no-hire -> …"), so that
// the stop ends the sentence; abbreviations ("e.g. the …") keep theirs.
func chatStops(text string) string {
	ws := strings.Fields(text)
	for i := 1; i < len(ws); i++ {
		p := strings.ToLower(ws[i-1])
		if !strings.HasSuffix(p, ".") || strings.HasSuffix(p, "..") || abbrevs[strings.TrimLeft(p, "(\"'")] || len(strings.TrimRight(p, ".")) < 2 || !startsLower(ws[i]) {
			continue
		}
		ws[i] = capitalise(ws[i])
	}
	return strings.Join(ws, " ")
}
