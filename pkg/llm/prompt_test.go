package llm

import (
	"strings"
	"testing"
)

func TestSystemInstructionCoversTheModel(t *testing.T) {
	// Each field the schema asks for must be explained, or models leave it empty.
	for _, want := range []string{
		"participants", "swimlane", "activities", "suppliers", "inputs", "outputs", "customers", "systems",
		"work_time_minutes (WT)", "wait_time_minutes (wt)", "minutes", "gateways", "exclusive", "parallel",
		"inclusive", "condition label", "events", "start", "end", "flows", "specification", "source",
		// Version 2 constructs (issue 11.4): each needs its own guidance.
		"pools", "customer", "collapsed", "message_flows", `"send"`, `"receive"`, "timer", "2 weeks",
		"boundary", "attached_to", "non_interrupting", "repeat until", "return to", `"parallel" for work done for each item`,
		`"loop"`, `"subprocess"`, "parent", "data_associations", `"store"`, "either/or", "alternatives", "default",
	} {
		if !strings.Contains(SystemInstruction(), want) {
			t.Errorf("system instruction does not mention %q", want)
		}
	}
}

func TestUserPrompt(t *testing.T) {
	tests := []struct {
		name    string
		in      Input
		want    []string
		notWant []string
	}{
		{
			name:    "document",
			in:      Input{Kind: KindDocument, Filename: "ap.docx", Text: "The clerk checks the invoice."},
			want:    []string{`file "ap.docx"`, "<document>\nThe clerk checks the invoice.\n</document>", "JSON object only"},
			notWant: []string{"previous answer", "image"},
		},
		{
			name:    "empty kind is a document",
			in:      Input{Text: "Text."},
			want:    []string{"<document>\nText.\n</document>"},
			notWant: []string{"file "},
		},
		{
			name:    "image without OCR",
			in:      Input{Kind: KindImage, Filename: "flow.png", Image: []byte{1}},
			want:    []string{"attached image", `file "flow.png"`, "diamonds are gateways"},
			notWant: []string{"<ocr>", "<document>"},
		},
		{
			name: "image with OCR text",
			in:   Input{Kind: KindImage, Text: "Check invoice"},
			want: []string{"<ocr>\nCheck invoice\n</ocr>"},
		},
		{
			name: "corrective",
			in:   Input{Text: "x", Problems: []string{"flow f3 targets unknown node a9", "  no end event  "}},
			want: []string{"previous answer", "- flow f3 targets unknown node a9\n- no end event\n", "corrected process model"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := UserPrompt(tc.in)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("prompt lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(got, w) {
					t.Errorf("prompt should not contain %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestUserPromptClipsHugeText(t *testing.T) {
	text := strings.Repeat("é", MaxPromptTextRunes+10)
	got := UserPrompt(Input{Text: text})
	if n := strings.Count(got, "é"); n != MaxPromptTextRunes {
		t.Fatalf("kept %d runes, want %d", n, MaxPromptTextRunes)
	}
	if !strings.Contains(got, "text cut") {
		t.Fatal("clipped prompt does not say it was cut")
	}
	// Multi-byte text under the rune cap but over it in bytes stays whole.
	short := strings.Repeat("é", MaxPromptTextRunes-1)
	if got := UserPrompt(Input{Text: short}); strings.Contains(got, "text cut") {
		t.Fatal("text under the cap was cut")
	}
}
