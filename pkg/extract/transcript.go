package extract

import (
	"regexp"
	"strings"
)

// speakerLine matches the speaker labels meeting tools and people write:
//
//	Name: text
//	[00:01:02] Name: text     (00:01) Name: text     00:01:02 Name: text
//	Name [00:01:02]: text     Name (00:01:02): text
//
// A name is one to four words of letters (digits allowed, "Speaker 2"),
// with the punctuation found in names ("Dr. O'Neil-Smith").
var speakerLine = regexp.MustCompile(`^(?:[\[(]?` + tsPattern + `[\])]?\s*(?:[-–—|]\s*)?)?` +
	`(\p{L}[\p{L}\p{M}\d.'’\-]*(?: [\p{L}\d][\p{L}\p{M}\d.'’\-]*){0,3})` +
	`\s*(?:[\[(]` + tsPattern + `[\])])?\s*:(?:\s|$)`)

const tsPattern = `\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?`

// notSpeakers are labels that end in a colon in ordinary documents; a
// document made of them is a form, not a conversation.
var notSpeakers = map[string]bool{
	"note": true, "notes": true, "step": true, "input": true, "inputs": true, "output": true, "outputs": true,
	"date": true, "time": true, "subject": true, "re": true, "to": true, "from": true, "cc": true,
	"http": true, "https": true, "example": true, "summary": true, "description": true, "owner": true,
	"purpose": true, "scope": true, "tip": true, "warning": true, "caution": true, "important": true,
}

// speakerOf returns the speaker named at the start of line, if any.
func speakerOf(line string) (string, bool) {
	m := speakerLine.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return "", false
	}
	name := strings.Join(strings.Fields(m[1]), " ")
	first := strings.ToLower(strings.Fields(name)[0])
	if notSpeakers[first] || len(name) > 40 {
		return "", false
	}
	return name, true
}

// applyTranscript marks doc as a transcript when most of its non-empty
// lines are speaker lines, and lists the speakers in order of first
// appearance. The text is left as it is, timestamps included, because the
// analysis uses them as evidence of order and duration.
func applyTranscript(doc *Document) {
	if doc == nil {
		return
	}
	var (
		speakers []string
		seen     = map[string]bool{}
		lines    int
		labelled int
	)
	for line := range strings.SplitSeq(doc.Text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		lines++
		name, ok := speakerOf(line)
		if !ok {
			continue
		}
		labelled++
		if key := strings.ToLower(name); !seen[key] {
			seen[key] = true
			speakers = append(speakers, name)
		}
	}
	if labelled >= 2 && labelled*2 > lines {
		doc.Format = FormatTranscript
		doc.Speakers = speakers
	}
}
