package text

import "strings"

// andIfBreak reports whether the comma ending ws[i] closes a step that a
// conditional step follows in the same sentence: "Then our physician
// validates the result, and if there's a critical value she phones it to
// the ward". The condition governs only the step after it, so the two
// are sentences of their own (the "and" dropped). A sentence that opens
// with a condition keeps its ", and if" (a second condition), and so
// does a step with no verb of its own before the comma.
func andIfBreak(ws []string, start, i int) bool {
	if !strings.HasSuffix(ws[i], ",") || i+3 >= len(ws) || i-start < 3 {
		return false
	}
	if !strings.EqualFold(ws[i+1], "and") || !subordinateIf[strings.ToLower(ws[i+2])] {
		return false
	}
	if subordinateLeads[norm(ws[start])] || labelPrefixStops[norm(ws[start])] {
		return false
	}
	return actingClause(strings.TrimSuffix(strings.Join(ws[start:i+1], " "), ","))
}

// subordinateIf are the words that open a condition after ", and"; a
// "when" there is often the time of a step that goes on ("…, and when
// they come the engineer evaluates again").
var subordinateIf = set(`if`)
