package text

import "regexp"

// itStartsRe is a spoken start of the whole process without the word
// "process": "It kicks off when the forwarder sends …", "It all starts
// with a call", "Everything begins when …". ("It starts when …" alone
// may speak of a machine and stays.)
var itStartsRe = regexp.MustCompile(`^(?i:it\s+(?:all\s+)?kicks\s+off|it\s+all\s+(?:starts|begins)|everything\s+(?:starts|begins|kicks\s+off)|the\s+whole\s+thing\s+(?:starts|begins|kicks\s+off)|things\s+kick\s+off)\s+((?i:when|once|as\s+soon\s+as|with)\s)`)

// itStarts rewrites a spoken start of the process as the trigger reader
// expects it: "It kicks off when …" → "The process starts when …".
func itStarts(s string) string {
	return itStartsRe.ReplaceAllString(s, "The process starts $1")
}
