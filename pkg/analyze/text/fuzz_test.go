package text

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/process"
)

// FuzzSegment fuzzes the reader's first stage: any text splits into
// blocks and sentences without a panic, every block's text comes from the
// input's words, and segmenting again gives the same blocks.
func FuzzSegment(f *testing.F) {
	for _, s := range []string{
		"Title\n\n1. The clerk checks it.\n2. The manager signs.\n- a\n- b",
		"| Step | Who |\n|---|---|\n| Check | Clerk |",
		"Subject: x\nFrom: y\n\nHi,\n\ntext.\n\nBest,\nZ",
		"A: b\nC (D): e\n\n\n\t\t* f\n   1) g",
		"no stop at all and no line break either " + strings.Repeat("word ", 50),
		"e.g. Dr. Smith i.e. etc. 3.5 % and 1,000.00 EUR. Next.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		blocks := segment(context.Background(), s)
		again := segment(context.Background(), s)
		if len(blocks) != len(again) {
			t.Fatalf("not deterministic: %d then %d blocks", len(blocks), len(again))
		}
		for i, bl := range blocks {
			if bl.text != again[i].text || bl.kind != again[i].kind {
				t.Fatalf("block %d differs: %q / %q", i, bl.text, again[i].text)
			}
			if utf8.ValidString(s) && !utf8.ValidString(bl.text) {
				t.Fatalf("block %q of valid UTF-8 input is not valid UTF-8", bl.text)
			}
			for _, sn := range sentences(bl.text) {
				if strings.TrimSpace(sn) == "" {
					t.Fatalf("empty sentence from %q", bl.text)
				}
			}
		}
	})
}

// FuzzBuilder drives the model builder with any sequence of the events
// the reader sends it (steps, conditions, alternatives, otherwise, side by
// side work, ends, loops, sections, outcome-named subjects) and checks
// that the compiled model is valid: every sequence of sentences a reader
// can produce must give a drawable model.
func FuzzBuilder(f *testing.F) {
	f.Add([]byte{0, 1, 0, 2, 3, 4, 5, 0, 6, 7, 8, 9, 0})
	f.Add([]byte{2, 2, 2, 10, 11, 0, 4, 4, 5, 5, 9, 9})
	f.Add([]byte{1, 1, 3, 0, 7, 7, 8, 6, 12, 0, 12, 13})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 200 {
			ops = ops[:200]
		}
		var b builder
		n := 0
		step := func(verb string) *draft {
			n++
			d := &draft{name: verb + " item " + string(rune('a'+n%26)), performer: []string{"Clerk", "Manager", "Customer"}[n%3], verb: verb, object: "item"}
			return d
		}
		for i, op := range ops {
			switch op % 14 {
			case 0:
				b.add([]*draft{step("check")})
			case 1:
				b.addIf("the item is damaged", "Clerk", []*draft{step("repair")})
			case 2:
				b.addChoice("Manager", [][]*draft{{step("approve")}, {step("reject")}})
			case 3:
				b.addOtherwise([]*draft{step("ship")})
			case 4:
				b.addParallel([]*draft{step("pack"), step("label")})
			case 5:
				b.endHere()
			case 6:
				b.loopBack()
			case 7:
				b.loopTo(b.lastItem())
			case 8:
				b.section("Section " + string(rune('A'+i%26)))
			case 9:
				b.add([]*draft{step("cancel")})
			case 10:
				if rest, ok := b.branchSubject("A rejected item is archived"); ok && rest != "" {
					b.add([]*draft{step("archive")})
					b.leaveBranch()
				}
			case 11:
				b.addWhether("the item is complete", "Clerk")
			case 12:
				b.addLoopUntil("the item is fine", "Clerk", b.lastItem())
			case 13:
				b.add(nil)
				b.closeOpen()
			}
		}
		var m process.Model
		b.compile(&m)
		process.Repair(&m)
		if len(m.Activities) > 0 {
			if ps := m.Validate(); len(ps) > 0 {
				t.Fatalf("invalid model after %v: %v", ops, ps)
			}
		}
	})
}
