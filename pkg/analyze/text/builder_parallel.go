package text

import (
	"github.com/spade-bpmn/spade/pkg/process"
)

// outsideOnly reports whether items are only steps of parties outside
// the organisation that stay theirs.
func outsideOnly(items []*item, outside func(string) bool) bool {
	steps := 0
	for _, it := range items {
		if it.act != nil && it.act.event != nil && outside(it.act.performer) {
			continue // "They answer by e-mail, usually within a week": the party's wait
		}
		if it.act == nil || it.act.event != nil || !outside(it.act.performer) || gettingVerbs[firstWord(it.act.verb)] {
			// (a party's receiving is our sending: partyReceives)
			return false
		}
		steps++
	}
	return steps > 0
}

// addParallel runs ds at the same time as the step before it.
func (b *builder) addParallel(ds []*draft) {
	if len(ds) == 0 {
		return
	}
	b.closeOpen()
	if len(b.seq) == 0 {
		b.seq = append(b.seq, acts(ds)...)
		return
	}
	last := b.seq[len(b.seq)-1]
	if last.gw != nil && last.gw.typ == process.GatewayParallel && b.lastN == 1 {
		last.gw.branches = append(last.gw.branches, branch{items: acts(ds)})
		return
	}
	n := b.lastN
	if n < 1 || n > len(b.seq) {
		n = 1
	}
	for n < len(b.seq) && outsideOnly(b.seq[len(b.seq)-n:], isExternal) {
		// "… orders a survey from the firm. The firm sends the report.
		// Meanwhile, the underwriter pulls the loss history": the
		// outside party's step goes to its own pool, so the work beside
		// the new steps is our own step before it
		n++
	}
	first := append([]*item(nil), b.seq[len(b.seq)-n:]...)
	g := &gwBlock{typ: process.GatewayParallel, spec: "The branches run at the same time; the process continues when all are done."}
	g.branches = []branch{{items: first}, {items: acts(ds)}}
	b.seq = append(b.seq[:len(b.seq)-n], &item{gw: g})
	b.lastN = 1
}
