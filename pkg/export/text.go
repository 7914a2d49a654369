package export

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/textshape"
)

// section is one "=== Heading ===" part of the formatted text.
type section struct {
	Heading string
	Lines   []string
}

// sections splits formatted text on "=== Heading ===" lines, the way the
// UI shows it as collapsible sections. Text before the first heading
// becomes a section without heading.
func sections(text string) []section {
	var out []section
	cur := section{}
	flush := func() {
		// drop trailing blank lines
		for len(cur.Lines) > 0 && strings.TrimSpace(cur.Lines[len(cur.Lines)-1]) == "" {
			cur.Lines = cur.Lines[:len(cur.Lines)-1]
		}
		if cur.Heading != "" || len(cur.Lines) > 0 {
			out = append(out, cur)
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(line)
		if h, ok := heading(t); ok {
			flush()
			cur = section{Heading: h}
			continue
		}
		if len(cur.Lines) == 0 && t == "" {
			continue
		}
		cur.Lines = append(cur.Lines, strings.TrimRight(line, " \t"))
	}
	flush()
	return out
}

// summaryHeadings name the sections that summarise an analysis: the
// documents' purpose, the BPMN report's overview.
var summaryHeadings = []string{"Process Purpose", "Process Overview", "Summary"}

// summaryIndex is the section after which the reports place the diagram:
// the first summary section, else the first section.
func summaryIndex(secs []section) int {
	for i, s := range secs {
		for _, h := range summaryHeadings {
			if strings.EqualFold(s.Heading, h) {
				return i
			}
		}
	}
	return 0
}

// heading recognises "=== Title ===" (also "## Title" from LLM
// narratives), by the shared line classifier.
func heading(t string) (string, bool) {
	if h, ok := textshape.Banner(t); ok {
		return h, true
	}
	if level, h, ok := textshape.Markdown(t); ok && level == 2 {
		return h, true
	}
	return "", false
}

// bullet reports whether a line is a list item and returns its text and
// nesting level.
func bullet(line string) (string, int, bool) {
	indent := len(line) - len(strings.TrimLeft(line, " \t"))
	t := strings.TrimSpace(line)
	for _, p := range []string{"- ", "• ", "* ", "– "} {
		if strings.HasPrefix(t, p) {
			return strings.TrimSpace(t[len(p):]), indent / 2, true
		}
	}
	return t, 0, false
}

// TXT exports the formatted text as UTF-8 plain text.
func TXT(r Request) ([]byte, string, string, error) {
	text := r.text()
	if strings.TrimSpace(text) == "" {
		return nil, "", "", nothing("text")
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return []byte(text), TypeTXT, Filename(r.title(), "txt"), nil
}

// BPMN exports the stored diagram as {process_name}.bpmn; without one it
// builds the diagram from the model.
func BPMN(r Request) ([]byte, string, string, error) {
	data := r.BPMN
	if len(data) == 0 && r.Model != nil {
		b, err := bpmn.Build(r.Model)
		if err != nil {
			return nil, "", "", err
		}
		data = b
	}
	if len(data) == 0 {
		return nil, "", "", nothing("BPMN (the diagram is not ready yet)")
	}
	return data, TypeBPMN, Filename(r.title(), "bpmn"), nil
}
