package text

import "strings"

// askVerbs ask someone to do something: what follows "to" after the
// person is the content of the step, no purpose of it ("asks the caller
// to sign in" is "Ask caller to sign in", not "Ask caller").
var askVerbs = set(`ask tell request remind instruct invite urge`)

// askStops end what is asked: a new clause or a circumstance.
var askStops = set(`and or but by within before after until if when unless while so because then via using`)

// askContent reads "to <verb> …" after the person asked, at j, into the
// object, up to four words; it reports whether it did, and where the
// object ended.
func (s *objectScan) askContent(j int) (int, bool) {
	if len(s.c.object) == 0 || !askVerbs[firstWord(s.c.verb)] {
		return 0, false
	}
	end := j + 1
	for end < len(s.rest) && end < j+5 {
		w := s.rest[end]
		if askStops[norm(w)] || strings.HasPrefix(w, "(") {
			break
		}
		end++
		if strings.ContainsAny(w, ",;:.") {
			break
		}
	}
	for _, w := range s.rest[j:end] {
		s.c.object = append(s.c.object, trimPunct(w))
	}
	return end, true
}
