package text

import (
	"regexp"
	"strings"
)

// narratorReading is one way a text says who its narrator is. The first
// of res that matches (in the first line only for a title) gives the
// phrase; stops, when set, cut it at the first stop word; the reading
// names the role when accept holds, and else names none.
type narratorReading struct {
	res    []*regexp.Regexp
	title  bool
	stops  map[string]bool
	accept func(role string) bool
}

// narratorReadings are tried in order: a title that says who tells the
// text, then the job the narrator names ("I am the case officer for …",
// "I work at the reception of …"), then a looser self-introduction ("I'm
// our senior import coordinator with …").
var narratorReadings = []narratorReading{
	{res: []*regexp.Regexp{toldByRe, howIAtRe}, title: true, accept: func(r string) bool {
		return roleLike(r) && !isExternal(r)
	}},
	{res: []*regexp.Regexp{narratorJobRe}, accept: roleLike},
	{res: []*regexp.Regexp{selfIntroRe}, stops: selfIntroStops, accept: func(r string) bool {
		ws := strings.Fields(r)
		last := ws[len(ws)-1]
		return last != "it" && last != "one" && isAgent(r) && !isExternal(r)
	}},
}

// narratorRole returns the job a first-person narrator names for
// themselves in the first lines, or "": who "I" is in a story without a
// sender line. Only the job reading takes an outside party ("I'm the
// customer and …" reads Customer).
func narratorRole(head string) string {
	for _, r := range narratorReadings {
		if role := r.read(head); role != "" {
			return titleCase(role)
		}
	}
	return ""
}

// read is the role one reading finds in head, or "".
func (r narratorReading) read(head string) string {
	text := head
	if r.title {
		text = strings.TrimSpace(head)
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			text = text[:i]
		}
	}
	for _, re := range r.res {
		m := re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		role := firstNonEmpty(m[1:]...)
		if r.stops != nil {
			role = cutAtStop(role, r.stops)
		}
		if role == "" || !r.accept(role) {
			return ""
		}
		return role
	}
	return ""
}

// cutAtStop is a phrase up to its first stop word.
func cutAtStop(phrase string, stops map[string]bool) string {
	var ws []string
	for _, w := range strings.Fields(phrase) {
		if stops[w] {
			break
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " ")
}

// roleLike reports whether a narrator's phrase names a job or a desk,
// not a state ("I am a bit late", "I am the only one").
func roleLike(role string) bool {
	ws := strings.Fields(role)
	head := ws[len(ws)-1]
	return isAgent(role) || isAgent(head) || deskWords[head]
}

// deskWords are places a person works at that name their job.
var deskWords = set(`reception desk counter helpdesk office switchboard`)

// toldByRe is a title naming who tells the text: "as told by our head
// housekeeper", "told by Marco, account manager", "voice memo from the
// night shift supervisor".
var toldByRe = regexp.MustCompile(`(?i)\b(?:told|written|explained|recorded|memo|note|notes)\s+(?:by|from)\s+(?:(?:our|the|a|an)\s+)?(?:[A-Z][a-z]+,\s+(?:(?:our|the|a|an)\s+)?)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)\s*(?:[,.;:()]|\s+(?:for|of|at|on|in)\b|$)`)

// howIAtRe is a title telling where the narrator works: "How I handle a
// refund request at the box office".
var howIAtRe = regexp.MustCompile(`(?i)^\W*how\s+I\s+[^.!?]*?\s(?:at|in|on)\s+(?:the|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*[.:!?]?\s*$`)

// narratorJobRe is a first-person narrator saying what job they do: "I
// am the case officer for …", "I'm the shift lead", "I work as a
// dispatcher", "I work at the reception of the practice".
var narratorJobRe = regexp.MustCompile(`\bI(?:'m|’m| am| work as)\s+(?:the|a|an|one of the)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)(?:\s+(?:for|at|of|in|on|here|and|who)\b|\s*[.,;:]|\s*$)|\bI work (?:at|in|on) the\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?:\s+(?:of|at|for|in)\b|\s*[.,;:])`)

// selfIntroRe is a narrator naming their role more loosely, up to five
// words: "I'm the import coordinator", "I am a claims handler and …",
// "I work as the night porter".
var selfIntroRe = regexp.MustCompile(`\bI(?:['’]m|\s+am|\s+work\s+as)\s+(?:the|an?|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,4})`)

// selfIntroStops end the role of a self-introduction: "I am a claims
// handler and I check …", "I'm the one who …".
var selfIntroStops = set(`and or who that which here in at for on with of from since so but i`)
