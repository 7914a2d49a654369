package process

import (
	"reflect"
	"testing"
)

func TestTraceSources(t *testing.T) {
	t.Parallel()
	text := "Invoice approval\nThe clerk  receives the invoice by e-mail. The manager reviews it! Nobody knows why.\nÜbergabe an das Archiv."
	m := &Model{
		Activities: []Activity{
			{ID: "a1", Name: "Receive invoice", Source: "The clerk receives the invoice by e-mail."},
			{ID: "a2", Name: "Review invoice", Source: "the manager reviews it"},
			{ID: "a3", Name: "Archive", Source: "Übergabe an das Archiv"},
			{ID: "a4", Name: "Invented", Source: "This sentence is not in the text."},
		},
		Gateways: []Gateway{{ID: "g1", Name: "OK?"}},
	}
	tr := TraceSources(m, text)
	var got [][]string
	var texts []string
	for _, s := range tr.Sentences {
		got = append(got, s.Elements)
		texts = append(texts, s.Text)
		if text[s.Start:s.End] != s.Text {
			t.Errorf("span %v does not cut %q", s.Span, s.Text)
		}
	}
	wantTexts := []string{"Invoice approval", "The clerk  receives the invoice by e-mail.", "The manager reviews it!", "Nobody knows why.", "Übergabe an das Archiv."}
	if !reflect.DeepEqual(texts, wantTexts) {
		t.Fatalf("sentences = %q", texts)
	}
	want := [][]string{{}, {"a1"}, {"a2"}, {}, {"a3"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("elements per sentence = %v, want %v", got, want)
	}
	if tr.Coverage != 0.6 || !reflect.DeepEqual(tr.Unplaced, []string{"a4"}) {
		t.Errorf("coverage %v, unplaced %v", tr.Coverage, tr.Unplaced)
	}
	if len(m.Activities[0].Spans) != 0 {
		t.Error("TraceSources changed the model")
	}
}

func FuzzTraceSources(f *testing.F) {
	f.Add("A. B! C?\nD", "B")
	f.Add("ÄÖ\u00a0x. y", "äö x")
	f.Fuzz(func(t *testing.T, text, src string) {
		m := &Model{Activities: []Activity{{ID: "a", Source: src}}}
		tr := TraceSources(m, text)
		for _, s := range tr.Sentences {
			if s.Start < 0 || s.End > len(text) || s.Start >= s.End {
				t.Fatalf("bad span %v of %d bytes", s.Span, len(text))
			}
		}
	})
}
