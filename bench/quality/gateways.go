package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/analyze/text/wordnet"
	"github.com/spade-bpmn/spade/pkg/process"
)

// namedGateway is one named gateway of a generated model with the labels
// of the flows leaving it.
type namedGateway struct {
	typ, name string
	branches  []string
}

// namedGateways lists the named gateways of m in model order.
func namedGateways(m *process.Model) []namedGateway {
	var out []namedGateway
	for _, g := range m.Gateways {
		if strings.TrimSpace(g.Name) == "" {
			continue
		}
		ng := namedGateway{typ: g.Type, name: g.Name}
		for _, f := range m.Flows {
			if f.Source == g.ID && strings.TrimSpace(f.Condition) != "" {
				ng.branches = append(ng.branches, f.Condition)
			}
		}
		out = append(out, ng)
	}
	return out
}

// unnamedDecisions lists the splits of m that decide (exclusive,
// inclusive, event-based; two ways out or more) but carry no name, with
// their branch labels: the analyzer knew the question and did not say
// it, so the export has to guess one.
func unnamedDecisions(m *process.Model) []namedGateway {
	out := map[string]int{}
	labels := map[string][]string{}
	for _, f := range m.Flows {
		out[f.Source]++
		if c := strings.TrimSpace(f.Condition); c != "" {
			labels[f.Source] = append(labels[f.Source], c)
		}
	}
	var gs []namedGateway
	for _, g := range m.Gateways {
		if strings.TrimSpace(g.Name) != "" || g.Type == process.GatewayParallel || out[g.ID] < 2 {
			continue
		}
		gs = append(gs, namedGateway{typ: g.Type, branches: labels[g.ID]})
	}
	return gs
}

// maxGatewayName is the longest gateway question an analyst reads at a
// glance in a diamond's label.
const maxGatewayName = 60

// gatewayDanglers end a phrase that was cut short: a conjunction,
// preposition, article or auxiliary has nothing after it.
var gatewayDanglers = wordSet(`and or but nor of the a an to for with in on at by from into as than that which
	who whose is are was were be been has have had this these those its their his her your our per via if when whether
	unless then so not no any each every more less above below over under within between`)

// gatewayFunction are words that carry no content of their own.
var gatewayFunction = wordSet(`and or but nor of the a an to for with in on at by from into as than that which who
	whose is are was were be been has have had do does did this these those it its they their them he his she her
	you your we our us i me my per via if when whether unless then so not no yes any each every all some more less
	most least above below over under within between up there here can could will would shall should may might must
	before after about against during without through like near past since
	towards toward upon inside outside across behind beyond except`)

// gatewayGeneric are content words that say nothing of a case.
var gatewayGeneric = wordSet(`case condition decision met ok okay`)

// gatewayPronouns stand for something named elsewhere: a question led
// by one cannot be read on its own.
var gatewayPronouns = wordSet(`it its they them their he she his her this that these those we you i`)

// comparisons relate a number to what it bounds.
// A number also names a thing: "Priority 1", "Annex 2".
var comparisonRe = regexp.MustCompile(`(?i)(?:\b(?:above|over|below|under|exceeds?|exceeding|than|least|most|up to|within|between|equals?|after|before|past|per|from|to|of|at|by|is|are|reaches?|until|for|in|on)(?:\s+(?:the|a|an))?(?:\s+(?:further|full|next|first|last))?|[<>=≤≥]|\b(?:priority|level|step|tier|class|category|grade|phase|stage|annex|section|line|option|article|form|type|round))\s*$`)

// timeLeadRe bounds a period, which needs its unit after the number.
var timeLeadRe = regexp.MustCompile(`(?i)\b(?:within|after|before|in|for)(?:\s+(?:the|a|an))?(?:\s+(?:further|full|next|first|last))?\s*$`)

// numberRe is a number as written in a label, with its currency sign.
var numberRe = regexp.MustCompile(`^[€$£]?\d[\d.,:/]*%?$`)

// unitWords follow a number.
var unitWords = wordSet(`% mm cm m km kg g t eur euro euros usd chf gbp dollars pounds days day hours hour minutes
	minute weeks week months month years year percent pcs units items pieces k`)

// gatewayFlags are the structural reasons a gateway's name reads badly
// to an analyst; none for a good question. typ is the gateway's type
// (only decisions must ask a question), branches the labels of its
// outgoing flows.
func gatewayFlags(lex *wordnet.Lexicon, typ, name string, branches []string) []string {
	var flags []string
	add := func(ok bool, flag string) {
		if ok {
			flags = append(flags, flag)
		}
	}
	name = strings.TrimSpace(name)
	body := strings.TrimSpace(strings.TrimRight(name, "?"))
	ws := strings.Fields(body)
	if len(ws) == 0 {
		return []string{"empty"}
	}
	last := lowerTrim(ws[len(ws)-1])
	question := typ == process.GatewayExclusive || typ == process.GatewayInclusive || typ == process.GatewayEventBased
	add(question && !strings.HasSuffix(name, "?"), "no question mark")
	add(gatewayDanglers[last] && !openEnd(ws), "ends with "+last)
	add(!balanced(name), "unbalanced")
	add(utf8.RuneCountInString(name) > maxGatewayName, "long")
	r, _ := utf8.DecodeRuneInString(name)
	add(unicode.IsLower(r), "starts lowercase")
	add(gatewayPronouns[lowerTrim(ws[0])], "starts with pronoun")
	add(!hasContent(ws), "no content word")
	add(orphanNumber(ws), "orphan number")
	add(repeatsBranch(body, branches), "repeats branch")
	add(repeatsAlternative(body), "repeats alternative")
	add(missingCopula(lex, ws), "missing verb")
	add(repeatedWord(ws), "repeated word")
	return flags
}

func lowerTrim(w string) string {
	return strings.ToLower(strings.Trim(w, `.,;:!?"'()[]`))
}

// openEnd reports an ending that reads whole although its last word
// would dangle elsewhere: "30 % or more", "says no".
func openEnd(ws []string) bool {
	if len(ws) < 2 {
		return false
	}
	prev, last := lowerTrim(ws[len(ws)-2]), lowerTrim(ws[len(ws)-1])
	return prev == "or" && (last == "more" || last == "less" || last == "above" || last == "below" || last == "over" || last == "under" || last == "not") ||
		(last == "no" || last == "so") && (prev == "say" || prev == "says")
}

// balanced reports whether brackets and double quotes pair up.
func balanced(s string) bool {
	depth, quotes := 0, 0
	for _, r := range s {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth < 0 {
				return false
			}
		case '"', '“', '”':
			quotes++
		}
	}
	return depth == 0 && quotes%2 == 0
}

// hasContent reports whether a word is neither a function word nor a
// number: something the question is about.
func hasContent(ws []string) bool {
	for _, w := range ws {
		n := lowerTrim(w)
		if n != "" && !gatewayFunction[n] && !gatewayGeneric[n] && !numberRe.MatchString(n) && !unitWords[n] {
			return true
		}
	}
	return false
}

// orphanNumber reports a number or unit that relates to nothing: a unit
// with no number before it, or a number that opens the question or
// follows a word that does not bound it ("Wear measured 0.2 mm").
func orphanNumber(ws []string) bool {
	for i, w := range ws {
		n := lowerTrim(w)
		switch {
		case numberRe.MatchString(n):
			if i == 0 {
				return true
			}
			before := strings.Join(ws[:i], " ")
			if !comparisonRe.MatchString(before) && !bareAmount(ws[i:]) {
				return true
			}
			if i == len(ws)-1 && timeLeadRe.MatchString(before) {
				return true // "within 48": a period without its unit
			}
		case unitWords[n] && n != "k" && len(n) <= 3:
			if i == 0 || !numberRe.MatchString(lowerTrim(ws[i-1])) {
				return n == "%"
			}
		}
	}
	return false
}

// bareAmount reports an amount stated as a range on its own: "30 % or
// more".
func bareAmount(ws []string) bool {
	return openEnd(ws)
}

// repeatsBranch reports a question that is one of its branch labels
// word for word (articles and "is" aside), so the diamond and its flow
// read alike and the question names only one answer; a threshold asked
// from one side while the flows bound it from both is no repeat.
func repeatsBranch(body string, branches []string) bool {
	q := verbatimKey(body)
	if q == "" {
		return false
	}
	for _, b := range branches {
		if verbatimKey(strings.TrimRight(b, "?")) == q {
			return !thresholdPair(q, branches)
		}
	}
	return false
}

// repeatsAlternative reports a choice that names one alternative twice:
// "Ask or ask?", "Approve or approve or decline?".
func repeatsAlternative(body string) bool {
	seen := map[string]bool{}
	for p := range strings.SplitSeq(strings.ReplaceAll(body, ", ", " or "), " or ") {
		k := verbatimKey(p)
		if k != "" && seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// thresholdPair reports branch labels that bound one number from both
// sides ("Deviation above 2 %" / "Deviation up to 2 %"): the question
// asks one side, as the text did, and its flows name both.
func thresholdPair(q string, branches []string) bool {
	for _, b := range branches {
		k := verbatimKey(strings.TrimRight(b, "?"))
		if k == q || k == "" {
			continue
		}
		a, o := strings.Fields(q), strings.Fields(k)
		i := 0
		for i < len(a) && i < len(o) && a[i] == o[i] {
			i++
		}
		j := 0
		for j < len(a)-i && j < len(o)-i && a[len(a)-1-j] == o[len(o)-1-j] {
			j++
		}
		diff := append(append([]string{}, a[i:len(a)-j]...), o[i:len(o)-j]...)
		if len(diff) > 0 && !slices.ContainsFunc(diff, func(w string) bool { return !boundWords[w] && !numberRe.MatchString(w) && !unitWords[w] }) &&
			slices.ContainsFunc(a, func(w string) bool { return numberRe.MatchString(w) }) {
			return true
		}
	}
	return false
}

// boundWords bound a number from one side.
var boundWords = wordSet(`above below over under up to less more than at least most within exceeds exceed beyond or of`)

// verbatimKey is a label's words in lower case without articles and
// copulas: "the case is a replacement" and "Case a replacement" match.
func verbatimKey(s string) string {
	var out []string
	for w := range strings.FieldsSeq(s) {
		if n := lowerTrim(w); n != "" && !verbatimSkip[n] {
			out = append(out, n)
		}
	}
	return strings.Join(out, " ")
}

var verbatimSkip = wordSet(`a an the is are`)

// missingCopula reports an article in the middle of the question after
// a word that is no verb, preposition or conjunction: "Case a
// replacement?" lacks the "is" that a reader needs.
func missingCopula(lex *wordnet.Lexicon, ws []string) bool {
	for i := 1; i < len(ws); i++ {
		n := lowerTrim(ws[i])
		if n != "a" && n != "an" && n != "the" {
			continue
		}
		prev := lowerTrim(ws[i-1])
		if gatewayFunction[prev] {
			continue
		}
		if b, form := lex.Base(prev); form != wordnet.FormNone {
			if e, _ := lex.Lookup(b); form != wordnet.FormBase || e.Verb >= e.Noun {
				continue
			}
		}
		return true
	}
	return false
}

// repeatedWord reports a content word written twice in a row.
func repeatedWord(ws []string) bool {
	for i := 1; i < len(ws); i++ {
		if a := lowerTrim(ws[i]); a != "" && a == lowerTrim(ws[i-1]) {
			return true
		}
	}
	return false
}

// gatewayTally counts named gateways and those flagged, by flag, and
// the decisions left unnamed.
type gatewayTally struct {
	named, flagged, unnamed int
	byFlag                  map[string]int
}

// printGateways lists every named gateway of the models drawn for the
// scenarios in dir with the structural flags it raises, then the
// counts; a blind set prints the counts only.
func printGateways(w io.Writer, pl *pipeline, dir, only string) error {
	rd := readingOf(dir, only, true)
	cases, err := loadScenarios(dir)
	if err != nil {
		return err
	}
	t := gatewayTally{byFlag: map[string]int{}}
	lex := wordnet.Load()
	for _, c := range cases {
		if rd.only != "" && !strings.Contains(c.name, rd.only) {
			continue
		}
		m := pl.model(context.Background(), c.name, c.text)
		for _, g := range namedGateways(&m) {
			t.named++
			fl := gatewayFlags(lex, g.typ, g.name, g.branches)
			if len(fl) > 0 {
				t.flagged++
			}
			for _, f := range fl {
				if strings.HasPrefix(f, "ends with ") {
					f = "ends with …"
				}
				t.byFlag[f]++
			}
			if rd.totalsOnly {
				continue
			}
			mark := " "
			if len(fl) > 0 {
				mark = "!"
			}
			fmt.Fprintf(w, "%s %s | %s | %q -> %s", mark, c.name, g.typ, g.name, strings.Join(g.branches, " / "))
			if len(fl) > 0 {
				fmt.Fprintf(w, "  [%s]", strings.Join(fl, ", "))
			}
			fmt.Fprintln(w)
		}
		for _, g := range unnamedDecisions(&m) {
			t.unnamed++
			if !rd.totalsOnly {
				fmt.Fprintf(w, "? %s | %s | (unnamed) -> %s\n", c.name, g.typ, strings.Join(g.branches, " / "))
			}
		}
	}
	note := ""
	if rd.totalsOnly {
		note = " (totals only)"
	}
	fmt.Fprintf(w, "%s%s: %d named gateways, %d flagged; %d unnamed decisions\n", dir, note, t.named, t.flagged, t.unnamed)
	if !rd.totalsOnly {
		for _, k := range slices.Sorted(maps.Keys(t.byFlag)) {
			fmt.Fprintf(w, "   %-22s %d\n", k, t.byFlag[k])
		}
	}
	return nil
}

// runGateways prints the gateway listing of each scenario folder.
func runGateways(dirs, only string) {
	pl, err := newPipeline()
	if err != nil {
		fmt.Fprintln(os.Stderr, "quality:", err)
		os.Exit(1)
	}
	defer pl.Close()
	for dir := range strings.SplitSeq(dirs, ",") {
		if dir = strings.TrimSpace(dir); dir == "" {
			continue
		}
		if err := printGateways(os.Stdout, pl, dir, only); err != nil {
			fmt.Fprintln(os.Stderr, "quality:", err)
			return
		}
	}
}
