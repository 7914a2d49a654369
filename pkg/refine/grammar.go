package refine

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Grammar documents the commands the built-in provider understands; the
// UI shows it as help. Names may be quoted ('Check invoice' or "Check
// invoice") and are matched by full name or a unique part of it.
const Grammar = `rename X to Y
move X to LANE
add step X after Y | add step X before Y [in LANE]
delete X
make X and Y parallel
loop back from X to Y [if CONDITION]
after X, if CONDITION, the process ends | after X, if CONDITION, go to Y | after X, if CONDITION, NEW STEP
add timer X after Y | add message X after Y
connect X to Y [if CONDITION] | disconnect X from Y
end the process after X
name the flow from X to Y as CONDITION`

var (
	q      = `["'“‘]?(.+?)["'”’]?`
	laneRe = `(?:\s+(?:in|to)\s+(?:the\s+)?` + q + `(?:\s+lane)?)?`
	rules  = []struct {
		re    *regexp.Regexp
		build func(g []string) Op
	}{
		{regexp.MustCompile(`(?i)^(?:rename|call)\s+` + q + `\s+(?:to|as|into)\s+` + q + `$`), func(g []string) Op {
			return Op{Op: OpRename, Target: g[1], Name: g[2]}
		}},
		{regexp.MustCompile(`(?i)^(?:move|assign|give)\s+` + q + `\s+(?:in)?to\s+(?:the\s+)?` + q + `(?:\s+lane)?$`), func(g []string) Op {
			return Op{Op: OpMove, Target: g[1], Lane: g[2]}
		}},
		{regexp.MustCompile(`(?i)^` + q + `\s+is\s+(?:done|performed|handled)\s+by\s+(?:the\s+)?` + q + `$`), func(g []string) Op {
			return Op{Op: OpMove, Target: g[1], Lane: g[2]}
		}},
		{regexp.MustCompile(`(?i)^(?:add|insert)\s+(?:a\s+|an\s+)?(?:(timer|wait|message|signal)(?:\s+event)?)\s+` + q + `\s+(after|before)\s+` + q + `$`), func(g []string) Op {
			trig := strings.ToLower(g[1])
			if trig == "wait" {
				trig = "timer"
			}
			return Op{Op: OpAddEvent, Trigger: trig, Name: g[2], Position: strings.ToLower(g[3]), Anchor: g[4]}
		}},
		{regexp.MustCompile(`(?i)^wait\s+` + q + `\s+(after|before)\s+` + q + `$`), func(g []string) Op {
			return Op{Op: OpAddEvent, Trigger: "timer", Name: "Wait " + g[1], Position: strings.ToLower(g[2]), Anchor: g[3]}
		}},
		{regexp.MustCompile(`(?i)^(?:add|insert)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:step|task|activity)?\s*` + q + `\s+(after|before)\s+` + q + laneRe + `$`), func(g []string) Op {
			return Op{Op: OpAddActivity, Name: g[1], Position: strings.ToLower(g[2]), Anchor: g[3], Lane: g[4]}
		}},
		{regexp.MustCompile(`(?i)^(?:delete|remove|drop)\s+(?:the\s+)?(?:step\s+|task\s+|activity\s+)?` + q + `$`), func(g []string) Op {
			return Op{Op: OpDelete, Target: g[1]}
		}},
		{regexp.MustCompile(`(?i)^(?:make|run|do)\s+` + q + `\s+and\s+` + q + `\s+(?:parallel|in parallel|at the same time)$`), func(g []string) Op {
			return Op{Op: OpMakeParallel, Target: g[1], Other: g[2]}
		}},
		{regexp.MustCompile(`(?i)^` + q + `\s+and\s+` + q + `\s+(?:happen|run|are done)\s+(?:in parallel|at the same time)$`), func(g []string) Op {
			return Op{Op: OpMakeParallel, Target: g[1], Other: g[2]}
		}},
		{regexp.MustCompile(`(?i)^(?:loop|go|return)\s+back\s+from\s+` + q + `\s+to\s+` + q + `(?:\s+(?:if|when)\s+(.+?))?$`), func(g []string) Op {
			return Op{Op: OpLoopBack, Target: g[1], Other: g[2], Condition: g[3]}
		}},
		{regexp.MustCompile(`(?i)^after\s+` + q + `,?\s+(?:loop|go|return)\s+(?:back\s+)?to\s+` + q + `\s+(?:if|when)\s+(.+?)$`), func(g []string) Op {
			return Op{Op: OpLoopBack, Target: g[1], Other: g[2], Condition: g[3]}
		}},
		{regexp.MustCompile(`(?i)^after\s+` + q + `,?\s+(?:if|when)\s+(.+?),\s*(?:then\s+)?(?:the\s+process\s+ends|end\s+the\s+process|it\s+ends|stop)$`), func(g []string) Op {
			return Op{Op: OpAddDecision, Anchor: g[1], Condition: g[2], BranchTo: EndOfProcess}
		}},
		{regexp.MustCompile(`(?i)^after\s+` + q + `,?\s+(?:if|when)\s+(.+?),\s*(?:then\s+)?(?:go\s+to|continue\s+with)\s+` + q + `$`), func(g []string) Op {
			return Op{Op: OpAddDecision, Anchor: g[1], Condition: g[2], BranchTo: g[3]}
		}},
		{regexp.MustCompile(`(?i)^after\s+` + q + `,?\s+(?:if|when)\s+(.+?),\s*(?:then\s+)?` + q + `$`), func(g []string) Op {
			return Op{Op: OpAddDecision, Anchor: g[1], Condition: g[2], BranchTo: g[3]}
		}},
		{regexp.MustCompile(`(?i)^(?:then\s+)?(?:end|stop|finish|terminate)\s+(?:the\s+)?(?:process|branch|path|flow)\s+(?:right\s+)?after\s+` + q + `$`), func(g []string) Op {
			return Op{Op: OpEndAfter, Target: g[1]}
		}},
		{regexp.MustCompile(`(?i)^(?:the\s+)?(?:process|branch|path|flow)\s+(?:ends|stops|finishes)\s+(?:right\s+)?after\s+` + q + `$`), func(g []string) Op {
			return Op{Op: OpEndAfter, Target: g[1]}
		}},
		{regexp.MustCompile(`(?i)^after\s+` + q + `,?\s+(?:then\s+)?(?:the\s+process\s+ends|end\s+the\s+process|it\s+ends|stop)$`), func(g []string) Op {
			return Op{Op: OpEndAfter, Target: g[1]}
		}},
		// "… as 'C'" (or ": 'C'") before a quoted condition right after the names: the
		// latter's lazy second name took " as" in ("'Send rejection letter' as").
		{regexp.MustCompile(`(?i)^(?:name|label|call|mark)\s+(?:the\s+)?(?:flow|branch|path|arrow|condition|connection)\s+from\s+` + q + `\s+to\s+` + q + `(?:\s+(?:as|with)\s+|\s*[:=]\s*)` + q + `$`), func(g []string) Op {
			return Op{Op: OpNameCondition, Target: g[1], Other: g[2], Condition: g[3]}
		}},
		{regexp.MustCompile(`(?i)^(?:name|label|call|mark)\s+(?:the\s+)?(?:flow|branch|path|arrow|condition|connection)\s+from\s+` + q + `\s+to\s+` + q + `\s*[:=]?\s*(\x{e000}[0-9]+\x{e001})$`), func(g []string) Op {
			return Op{Op: OpNameCondition, Target: g[1], Other: g[2], Condition: g[3]}
		}},
		{regexp.MustCompile(`(?i)^(?:the\s+)?(?:condition|label|name)\s+(?:of\s+)?(?:the\s+)?(?:flow|branch|path|arrow)?\s*from\s+` + q + `\s+to\s+` + q + `\s+is\s+` + q + `$`), func(g []string) Op {
			return Op{Op: OpNameCondition, Target: g[1], Other: g[2], Condition: g[3]}
		}},
		{regexp.MustCompile(`(?i)^connect\s+` + q + `\s+to\s+` + q + `(?:\s+(?:if|when)\s+(.+?))?$`), func(g []string) Op {
			return Op{Op: OpConnect, Target: g[1], Other: g[2], Condition: g[3]}
		}},
		{regexp.MustCompile(`(?i)^disconnect\s+` + q + `\s+from\s+` + q + `$`), func(g []string) Op {
			return Op{Op: OpDisconnect, Target: g[1], Other: g[2]}
		}},
	}
	splitRe = regexp.MustCompile(`\s*(?:\n|;|\.\s+|\.$)\s*`)
)

// Parse turns an instruction written in the command grammar (Grammar)
// into operations. Commands are separated by new lines, semicolons or full
// stops; the ones that match no command come back in NotUnderstood, word
// for word, so the user sees what was not done.
//
// A quoted name is taken whole: its "and", full stops and semicolons
// are part of the name ("rename 'Check' to 'Check and approve'" renames to
// "Check and approve").
func Parse(instruction string) Plan {
	p := Plan{Operations: []Op{}, NotUnderstood: []string{}}
	text, quoted := protect(strings.TrimSpace(instruction))
	for _, cmd := range splitRe.Split(text, -1) {
		cmd = strings.TrimSpace(strings.TrimRight(cmd, "."))
		if cmd == "" {
			continue
		}
		cmd = strings.TrimPrefix(strings.TrimPrefix(cmd, "please "), "Please ")
		matched := false
		for _, r := range rules {
			if g := r.re.FindStringSubmatch(cmd); g != nil {
				for i := range g {
					g[i] = strings.TrimSpace(restore(g[i], quoted, false))
				}
				p.Operations = append(p.Operations, r.build(g))
				matched = true
				break
			}
		}
		if !matched {
			p.NotUnderstood = append(p.NotUnderstood, restore(cmd, quoted, true))
		}
	}
	return p
}

// quoteMark stands for the i-th quoted name while a command is matched;
// the private-use characters never occur in what people type.
func quoteMark(i int) string { return "\ue000" + strconv.Itoa(i) + "\ue001" }

var markRe = regexp.MustCompile("\ue000([0-9]+)\ue001")

// quotePairs are the quote characters a name may be enclosed in.
var quotePairs = map[rune]rune{'"': '"', '\'': '\'', '“': '”', '‘': '’', '«': '»', '„': '“'}

// protect replaces each quoted name by a mark, so that the rules and the
// splitting into commands see it as one word. A straight apostrophe opens
// a name only at the start of a word ("the manager's check" has none).
func protect(s string) (string, []string) {
	var b strings.Builder
	var names []string
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		closing, ok := quotePairs[c]
		if ok && (i == 0 || unicode.IsSpace(rs[i-1]) || strings.ContainsRune("([,:", rs[i-1])) {
			for j := i + 1; j < len(rs); j++ {
				if rs[j] != closing || j == i+1 {
					continue
				}
				if c == '\'' && j+1 < len(rs) && unicode.IsLetter(rs[j+1]) {
					continue // an apostrophe inside the name ("Customer's")
				}
				b.WriteString(quoteMark(len(names)))
				names = append(names, string(rs[i+1:j]))
				i = j
				ok = false
				break
			}
			if !ok {
				continue
			}
		}
		b.WriteRune(c)
	}
	return b.String(), names
}

// restore puts the quoted names back: bare in a captured name, quoted in
// text shown to the user.
func restore(s string, names []string, quote bool) string {
	return markRe.ReplaceAllStringFunc(s, func(m string) string {
		i, err := strconv.Atoi(markRe.FindStringSubmatch(m)[1])
		if err != nil || i >= len(names) {
			return m
		}
		if quote {
			return "'" + names[i] + "'"
		}
		return names[i]
	})
}
