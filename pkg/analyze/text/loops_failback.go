package text

import (
	"regexp"
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// failBackRe is a closing clause that sends the cases failing a check
// back to earlier work: "parts that fail re-inspection go back to
// rework", "forms that are rejected at review are returned to drafting".
// Group 1 is the cases, 2 the check they fail, 3 the work they go back
// to.
var failBackRe = regexp.MustCompile(`(?i)(?:^|[;,:]\s*|\s(?:and|but)\s+)(?:the\s+|any\s+|all\s+)?([a-z-]+s)\s+that\s+(?:fail|do\s+not\s+pass|don't\s+pass|are\s+rejected\s+(?:at|in|by))\s+(?:the\s+)?([a-z-]+)\s+(?:go|are\s+sent|are\s+returned|return|are\s+passed)\s+(?:straight\s+)?(?:back\s+)?to\s+(?:the\s+)?([a-z-]+)\W*$`)

// failedGoBack ends the branch the sentence's steps went to with a
// decision on the check its closing clause names, whose failing answer
// goes back to the work named (a step of this sentence or an earlier
// one): "production reworks the parts, then the quality engineer
// re-inspects them; parts that fail re-inspection go back to rework".
// It reports whether it drew the decision.
func (a *analyzer) failedGoBack(s string) bool {
	m := failBackRe.FindStringSubmatch(s)
	if m == nil || a.b.last == nil {
		return false
	}
	verbs := map[string]bool{}
	for _, v := range nounVerbs(strings.ToLower(m[3])) {
		verbs[v] = true
	}
	for i := len(a.drafts) - 1; i >= 0 && i >= len(a.drafts)-12; i-- {
		e := a.drafts[i]
		if e.event != nil || e.drop || e.item == nil || !verbs[firstWord(e.verb)] || inParallel(a.b.seq, e.item, false) {
			continue
		}
		cond := strings.ToLower(m[1]) + " fail " + strings.ToLower(m[2])
		return a.b.addLoopCheckAt(a.b.last, cond, a.currentActor(), e.item)
	}
	return false
}

// addLoopCheckAt ends list with a decision on cond whose "Yes" returns
// to target ("parts fail re-inspection?": back to the rework) and whose
// "No" goes on.
func (b *builder) addLoopCheckAt(list *[]*item, cond, performer string, target *item) bool {
	n := len(*list)
	if n == 0 || (*list)[n-1].end || (*list)[n-1].back != nil {
		return false
	}
	if list == &b.seq {
		return b.addLoopCheck(cond, performer, target, true)
	}
	g := &gwBlock{typ: process.GatewayExclusive, name: question(cond), performer: performer,
		spec: "Back while " + strings.TrimSpace(cond) + "."}
	g.branches = []branch{{label: "Yes", items: []*item{{back: target}}}, {label: "No"}}
	*list = append(*list, &item{gw: g})
	return true
}
