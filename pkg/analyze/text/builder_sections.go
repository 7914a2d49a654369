package text

import (
	"strings"
)

// section closes the current section as a sub-process and starts the
// next one, named by its heading.
func (b *builder) section(heading string) {
	b.closeOpen()
	b.applyMainEnds(b.secStart)
	b.handedOn(b.secStart)
	if b.secStart < len(b.seq) && b.secName != "" {
		items := append([]*item(nil), b.seq[b.secStart:]...)
		b.seq = b.seq[:b.secStart]
		if b.subs == nil {
			b.subs = map[string]*subBlock{}
		}
		k := strings.ToLower(b.secName)
		if sb, ok := b.subs[k]; ok {
			sb.items = append(sb.items, items...)
		} else {
			sb := &subBlock{name: b.secName, items: items}
			b.subs[k] = sb
			b.seq = append(b.seq, &item{sub: sb})
		}
	}
	b.secStart = len(b.seq)
	b.secName = heading
	b.last = nil
	b.lastN = 0
}

// minSubSteps is how many steps a document needs before its sections
// become sub-processes: a short text reads better as one flow.
const minSubSteps = 8

// flattenSubs undoes the sections of a document too short or with too few
// sections to need sub-processes.
func flattenSubs(items []*item) []*item {
	subs, steps := 0, 0
	for _, it := range items {
		if it.sub != nil {
			subs++
			steps += countActs(it.sub.items)
		} else {
			steps += countActs([]*item{it})
		}
	}
	return inlineSubs(items, subs < 2 || steps < minSubSteps)
}

// inlineSubs puts the items of the sections that are no sub-process into
// the flow, also where a section stands on a branch ("The licensing
// service shall at the same time consult …" runs beside the section
// before it): every section when whole, else those that end early.
func inlineSubs(items []*item, whole bool) []*item {
	var out []*item
	for _, it := range items {
		if it.gw != nil {
			for i := range it.gw.branches {
				it.gw.branches[i].items = inlineSubs(it.gw.branches[i].items, whole)
			}
		}
		if it.sub != nil && (whole || endsEarly(it.sub.items)) {
			// a section with a branch that ends the process ("…, the
			// application is refused; the procedure is terminated") is
			// no sub-process: its end would only end the section, and
			// the case would go on to the next one
			out = append(out, it.sub.items...)
			continue
		}
		out = append(out, it)
	}
	return out
}

// endsEarly reports whether a branch of a decision among items ends with
// an end event of its own: the process stops there.
func endsEarly(items []*item) bool {
	for _, it := range items {
		if it.gw == nil {
			continue
		}
		for _, br := range it.gw.branches {
			for _, x := range br.items {
				if x.end {
					return true
				}
			}
			if endsEarly(br.items) {
				return true
			}
		}
	}
	return false
}

func countActs(items []*item) int {
	n := 0
	for _, it := range items {
		switch {
		case it.act != nil && it.act.event == nil && !it.act.drop:
			n++
		case it.gw != nil:
			for _, br := range it.gw.branches {
				n += countActs(br.items)
			}
		case it.sub != nil:
			n += countActs(it.sub.items)
		}
	}
	return n
}
