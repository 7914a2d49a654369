package text

import (
	"strings"

	"github.com/spade-bpmn/spade/pkg/process"
)

// handedOn moves the steps after a decision into the branch that handed
// the case to their performer: "If it is only the laptop, I reinstall
// the VPN profile. Otherwise I escalate the ticket to the network team.
// The network team analyses the gateway logs …" — the network team's
// work follows the escalation only, and the reinstalled laptop never
// reaches it. The run moved is the performer's steps with the decisions
// that loop back into them; the other branches join after it. Only the
// items of seq from index from on are looked at.
func (b *builder) handedOn(from int) {
	for k := max(from, 0); k < len(b.seq)-1; k++ {
		g := b.seq[k].gw
		next := b.seq[k+1].act
		if g == nil || g.typ != process.GatewayExclusive || next == nil || next.event != nil || next.performer == "" {
			continue
		}
		br := handingBranch(g, next.performer)
		if br == nil {
			continue
		}
		n := handedRun(b.seq[k+1:], next.performer)
		br.items = append(br.items, b.seq[k+1:k+1+n]...)
		b.seq = append(b.seq[:k+1], b.seq[k+1+n:]...)
	}
}

// handingBranch is the one branch of g whose last step hands the case to
// performer ("escalates the ticket to the network team") while no branch
// has a step of that performer; nil when there is none or more than one.
func handingBranch(g *gwBlock, performer string) *branch {
	p := strings.ToLower(performer)
	var found *branch
	for i := range g.branches {
		br := &g.branches[i]
		for _, it := range br.items {
			if it.act != nil && strings.EqualFold(it.act.performer, performer) {
				return nil
			}
		}
		n := len(br.items)
		if n == 0 || br.items[n-1].act == nil || br.items[n-1].act.event != nil {
			continue
		}
		src := strings.ToLower(br.items[n-1].act.source)
		if strings.Contains(src, " to the "+p) || strings.Contains(src, " to "+p) {
			if found != nil {
				return nil
			}
			found = br
		}
	}
	return found
}

// handedRun is how many items at the head of items continue the work of
// performer: its steps, and the decisions right after them that loop back
// into them ("If the test still fails, they go back to the logs").
func handedRun(items []*item, performer string) int {
	moved := map[*item]bool{}
	n := 0
	for _, it := range items {
		switch {
		case it.act != nil && it.act.event == nil && strings.EqualFold(it.act.performer, performer):
		case it.gw != nil && n > 0 && loopsInto(it.gw, moved):
		default:
			return n
		}
		moved[it] = true
		n++
	}
	return n
}

// loopsInto reports whether a branch of g loops back to one of items.
func loopsInto(g *gwBlock, items map[*item]bool) bool {
	for _, br := range g.branches {
		for _, it := range br.items {
			if it.back != nil && items[it.back] {
				return true
			}
		}
	}
	return false
}
