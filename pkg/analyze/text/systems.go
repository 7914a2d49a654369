package text

import (
	"regexp"
	"strings"
)

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
)

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
