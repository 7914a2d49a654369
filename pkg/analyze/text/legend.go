package text

import (
	"regexp"
	"strings"
)

// legendRe is one entry of an abbreviation legend, as wikis and runbooks
// write them: "RM = relationship manager", "FIU = Financial Intelligence
// Unit", "MLRO: Money Laundering Reporting Officer" is not one (a colon
// heads steps too).
var legendRe = regexp.MustCompile(`\b([A-Z][A-Z0-9&]{1,5})\s*=\s*([A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*){0,5}?)\s*(?:[,;.)\n]|$)`)

// withLegend adds to the aliases read from "Long Name (LN)" the
// abbreviations a legend defines ("RM = relationship manager"), when the
// long form names a role or a party; an alias already known stays.
func withLegend(aliases map[string]string, text string) map[string]string {
	head := text
	if len(head) > 20_000 {
		head = head[:20_000]
	}
	for _, m := range legendRe.FindAllStringSubmatch(head, 100) {
		acr := strings.ToLower(m[1])
		if _, ok := aliases[acr]; ok {
			continue
		}
		if long := m[2]; isAgent(long) || isExternal(long) {
			aliases[acr] = titleCase(long)
		}
	}
	return aliases
}
